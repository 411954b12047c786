import type { Post } from '@shared/contract/posts';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL_MESSAGE } from '../../src/server/errors';
import { makeTone, multipartFile, serverFfmpegPath } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';

const run = promisify(execFile);

/** A 2 MB filesystem of its own, as DATA_DIR's disk; mounting one needs root, so elsewhere this file is skipped. */
const mountPoint = await mkdtemp(path.join(os.tmpdir(), 'earshot-full-disk-'));
const mounted = await run('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountPoint]).then(
  () => true,
  () => false,
);

let testApp: TestApp;
let person: SignedIn;
let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-full-disk-audio-'));
  if (!mounted) return;
  const dataDir = path.join(mountPoint, 'data');
  await mkdir(dataDir);
  testApp = await createTestApp({ DATA_DIR: dataDir });
  person = await signUp(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
  if (mounted) await run('umount', [mountPoint]);
  await rm(mountPoint, { recursive: true, force: true });
  await rm(workDir, { recursive: true, force: true });
});

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(path.join(testApp.config.dataDir, directory), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

async function publishTone(seconds: number) {
  const file = path.join(workDir, `tone-${seconds}.wav`);
  await makeTone(serverFfmpegPath, file, { seconds, codecArgs: ['-ar', '16000', '-c:a', 'pcm_s16le'] });
  const form = multipartFile('audio', 'recording.wav', 'audio/wav', await readFile(file));
  return testApp.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: { ...form.headers, cookie: person.cookie },
    payload: form.payload,
  });
}

describe.skipIf(!mounted)(`a full disk under DATA_DIR on ${databaseKind}`, () => {
  it('answers 507 on our side, keeps nothing of the upload, and takes the next one that fits', async () => {
    // 2 min of 16 kHz 16-bit audio is 3.8 MB: more than the whole 2 MB disk.
    const tooBig = await publishTone(120);
    expect(tooBig.statusCode, tooBig.body).toBe(507);
    expect(tooBig.json().message).toBe(STORAGE_FULL_MESSAGE);
    expect(await filesUnder('tmp')).toEqual([]);
    expect(await filesUnder('media')).toEqual([]);
    expect(await testApp.context.db.selectFrom('posts').select('id').execute()).toEqual([]);

    const small = await publishTone(2);
    expect(small.statusCode, small.body).toBe(201);
    expect((small.json() as Post).duration).toBeCloseTo(2, 1);
  });
});

import type { Post } from '@shared/contract/posts';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, statfs, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL_MESSAGE } from '../../src/server/errors';
import { keysUnder } from '../../src/server/storage/blob-store';
import { makeTone, multipartFile, serverFfmpegPath, streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { waitForIdleJobs } from './support/waits';

const run = promisify(execFile);

/** An 8 MB filesystem of its own, as DATA_DIR's disk; mounting one needs root, so elsewhere this file is skipped. */
const mountPoint = await mkdtemp(path.join(os.tmpdir(), 'earshot-full-disk-'));
const mounted = await run('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint]).then(
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
  testApp = await createTestApp({ DATA_DIR: dataDir }, { runJobs: true });
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

function upload(url: string, filename: string, content: Buffer) {
  const form = multipartFile('audio', filename, 'application/octet-stream', content);
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...form.headers, cookie: person.cookie },
    payload: form.payload,
  });
}

/** 16 kHz 16-bit WAV: 32 kB a second. */
async function wavTone(seconds: number): Promise<Buffer> {
  const file = path.join(workDir, `tone-${seconds}.wav`);
  await makeTone(serverFfmpegPath, file, { seconds, codecArgs: ['-ar', '16000', '-c:a', 'pcm_s16le'] });
  return readFile(file);
}

/** Fills the disk but for `bytes`. */
async function leaveFree(bytes: number): Promise<string> {
  const space = await statfs(testApp.config.dataDir);
  const filler = path.join(testApp.config.dataDir, 'filler');
  await writeFile(filler, Buffer.alloc(space.bavail * space.bsize - bytes));
  return filler;
}

describe.skipIf(!mounted)(`a full disk under DATA_DIR on ${databaseKind}`, () => {
  it('answers 507 on our side, keeps nothing of the upload, and takes the next one that fits', async () => {
    // 5 min of 16 kHz 16-bit audio is 9.6 MB: more than the whole 8 MB disk.
    const tooBig = await upload('/api/posts', 'long.wav', await wavTone(300));
    expect(tooBig.statusCode, tooBig.body).toBe(507);
    expect(tooBig.json().message).toBe(STORAGE_FULL_MESSAGE);
    expect(await filesUnder('tmp')).toEqual([]);
    expect(await keysUnder(testApp.context.blobs, '')).toEqual([]);
    expect(await testApp.context.db.selectFrom('posts').select('id').execute()).toEqual([]);

    const health = await testApp.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      status: 'unavailable',
      message: 'The disk under DATA_DIR is almost full, so uploads cannot be stored.',
      storage: { ok: false },
    });

    const small = await upload('/api/posts', 'short.wav', await wavTone(2));
    expect(small.statusCode, small.body).toBe(201);
    expect((small.json() as Post).duration).toBeCloseTo(2, 1);
  });

  it('answers 507 when ffmpeg finds the disk full while writing an extended recording', async () => {
    const post = (await upload('/api/posts', 'short.wav', await wavTone(2))).json() as Post;
    // Every rendition done (the earlier test's upload's too), so no render is writing while the disk is full.
    await waitForIdleJobs(testApp.context.db);
    // Room for the upload (10 s of Opus at 12 kb/s) and 8 kB more: not for the 12 s ffmpeg then writes at 96 kb/s.
    const addition = await streamedTone({
      seconds: 10,
      format: 'webm',
      codecArgs: ['-c:a', 'libopus', '-b:a', '12k'],
    });
    const filler = await leaveFree(addition.length + 8192);
    try {
      const extended = await upload(`/api/posts/${post.id}/extend`, 'more.webm', addition);
      expect(extended.statusCode, extended.body).toBe(507);
      expect(extended.json().message).toBe(STORAGE_FULL_MESSAGE);
      expect(await filesUnder('tmp')).toEqual([]);
    } finally {
      await rm(filler);
    }
  });

  it('fails a rendition that cannot be written whole rather than keep it truncated', async () => {
    const input = path.join(workDir, 'ten-seconds.wav');
    await writeFile(input, await wavTone(10));
    const original = {
      file: input,
      format: { demuxer: 'wav', mime: 'audio/wav', extension: 'wav' } as const,
    };
    const { levels } = await testApp.context.ffmpeg.analyse([original]);
    const output = await testApp.context.scratch.newPath('m4a');
    // Room for the 40 kB gain track beside the output, not for 10 s of AAC at 96 kb/s (about 120 kB).
    const filler = await leaveFree(60_000);
    try {
      const rendition = { output, gainDb: 0, limitDb: -2, peaks: levels };
      await expect(testApp.context.ffmpeg.renderSpeech(original, rendition)).rejects.toThrow(
        /No space left on device/,
      );
    } finally {
      await rm(filler);
      await rm(output, { force: true });
    }
  });
});

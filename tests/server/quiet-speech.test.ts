import type { Post } from '@shared/contract/posts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureLoudness, multipartFile, streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { waitForRendition } from './support/waits';

let testApp: TestApp;
let person: SignedIn;
let workDir: string;
beforeAll(async () => {
  testApp = await createTestApp({}, { runJobs: true });
  person = await signUp(testApp.app);
  workDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-quiet-'));
});
afterAll(async () => {
  await testApp?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe(`quiet recordings on ${databaseKind}`, () => {
  it('are raised by 24 dB at most, not all the way to -16 LUFS', async () => {
    // lavfi's sine is -21.7 LUFS; 26 dB down it is a whisper at about -47.7 LUFS.
    const quiet = await streamedTone({
      seconds: 6,
      format: 'webm',
      codecArgs: ['-c:a', 'libopus'],
      gainDb: -26,
    });
    const input = path.join(workDir, 'quiet.webm');
    await writeFile(input, quiet);
    const inputLoudness = (await measureLoudness(input)).integratedLufs;
    expect(inputLoudness).toBeLessThan(-46);

    const form = multipartFile('audio', 'quiet.webm', 'audio/webm', quiet);
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { ...form.headers, cookie: person.cookie },
      payload: form.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json() as Post;
    const ready = await waitForRendition(
      async () =>
        (
          await testApp.app.inject({ url: `/api/posts/${post.id}`, headers: { cookie: person.cookie } })
        ).json() as Post,
    );
    const rendition = path.join(workDir, 'quiet-rendition.m4a');
    await writeFile(rendition, (await testApp.app.inject({ url: ready.audioUrl })).rawPayload);
    const renditionLoudness = (await measureLoudness(rendition)).integratedLufs;
    expect(renditionLoudness - inputLoudness).toBeCloseTo(24, 0);
    expect(renditionLoudness).toBeLessThan(-22);
  });
});

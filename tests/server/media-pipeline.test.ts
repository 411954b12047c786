import type { Post } from '@shared/contract/posts';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureLoudness, multipartForm, serverFfmpegPath, streamedTone } from '../support/audio';
import { signUp } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { waitFor, waitForRendition } from './support/waits';
import { sendForm, webmPart } from './support/uploads';

let scripts: string;
let webm: Buffer;
beforeAll(async () => {
  scripts = await mkdtemp(path.join(os.tmpdir(), 'earshot-fake-ffmpeg-'));
  webm = await streamedTone({ seconds: 2, format: 'webm', codecArgs: ['-c:a', 'libopus'], gainDb: -10 });
});
afterAll(() => (scripts ? rm(scripts, { recursive: true, force: true }) : undefined));

/** An ffmpeg stand-in: a shell script that misbehaves, or does so only for some commands. */
async function fakeFfmpeg(name: string, body: string): Promise<string> {
  const file = path.join(scripts, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

async function publish(testApp: TestApp) {
  const person = await signUp(testApp.app);
  const form = multipartForm({ title: 'pipeline' }, [webmPart(webm)]);
  const response = await sendForm(testApp.app, person.cookie, '/api/posts', form);
  return { person, response };
}

describe(`the media pipeline on ${databaseKind}`, () => {
  it('runs whole on the npm-shipped ffmpeg: measure, render, normalise', async () => {
    const testApp = await createTestApp({}, { preferNpmFfmpeg: true, runJobs: true });
    try {
      expect(testApp.context.ffmpeg.binary.source).toBe('npm');
      const { person, response } = await publish(testApp);
      expect(response.statusCode, response.body).toBe(201);
      const post = response.json() as Post;
      expect(post.duration).toBeCloseTo(2, 1);
      const ready = await waitForRendition(
        async () =>
          (
            await testApp.app.inject({ url: `/api/posts/${post.id}`, headers: { cookie: person.cookie } })
          ).json() as Post,
      );
      const rendition = await testApp.app.inject({ url: ready.audioUrl, headers: { cookie: person.cookie } });
      const file = path.join(scripts, 'npm-rendition.m4a');
      await writeFile(file, rendition.rawPayload);
      const loudness = await measureLoudness(file);
      expect(loudness.integratedLufs).toBeGreaterThan(-17.5);
      expect(loudness.integratedLufs).toBeLessThan(-14.5);
      expect(loudness.truePeakDb).toBeLessThanOrEqual(-1);
    } finally {
      await testApp.close();
    }
  });

  it('fails the rendition job, not the post, when the encoder crashes; the original keeps playing', async () => {
    const ffmpeg = await fakeFfmpeg(
      'crash-on-aac.sh',
      `case "$*" in *aac_coder*) kill -SEGV $$;; esac\nexec "${serverFfmpegPath}" "$@"`,
    );
    const testApp = await createTestApp({ FFMPEG_PATH: ffmpeg }, { runJobs: true });
    try {
      const { person, response } = await publish(testApp);
      expect(response.statusCode, response.body).toBe(201);
      const post = response.json() as Post;
      const failedJob = await waitFor(
        () =>
          testApp.context.db
            .selectFrom('jobs')
            .select(['attempts', 'last_error', 'status'])
            .where('name', '=', 'media.render-speech')
            .where('last_error', 'is not', null)
            .executeTakeFirst(),
        30_000,
        'the failed render attempt',
      );
      expect(failedJob.last_error).toMatch(/ffmpeg|SIGSEGV|failed/i);
      expect(failedJob.status).toBe('queued');
      const current = await testApp.app.inject({
        url: `/api/posts/${post.id}`,
        headers: { cookie: person.cookie },
      });
      expect((current.json() as Post).audioSources).toHaveLength(1);
      expect(
        (await testApp.app.inject({ url: post.audioUrl, headers: { cookie: person.cookie } })).statusCode,
      ).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});

import type { Post } from '@shared/contract/posts';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../src/server/context';
import { BUNDLED_FFMPEG_REFUSAL } from '../../src/server/media/ffmpeg-check';
import { FFMPEG_UNUSABLE_MESSAGE } from '../../src/server/media/media-errors';
import { multipartForm, serverFfmpegPath, streamedTone, writeFfmpegStandIn } from '../support/audio';
import { signUp } from './support/accounts';
import { createTestApp, createTestConfig, databaseKind, type TestApp } from './support/test-app';
import { waitFor } from './support/waits';
import { isRunning } from '../support/processes';
import { sendForm, webmPart } from './support/uploads';

let scripts: string;
let webm: Buffer;
beforeAll(async () => {
  scripts = await mkdtemp(path.join(os.tmpdir(), 'earshot-media-faults-'));
  webm = await streamedTone({ seconds: 2, format: 'webm', codecArgs: ['-c:a', 'libopus'], gainDb: -10 });
});
afterAll(() => (scripts ? rm(scripts, { recursive: true, force: true }) : undefined));

let scriptCount = 0;
async function fakeFfmpeg(body: string): Promise<string> {
  scriptCount += 1;
  return writeFfmpegStandIn(path.join(scripts, `ffmpeg-${scriptCount}.sh`), body);
}

async function publish(testApp: TestApp, audio = webm) {
  const person = await signUp(testApp.app);
  return sendForm(testApp.app, person.cookie, '/api/posts', multipartForm({}, [webmPart(audio)]));
}

describe('start-up refuses an unusable ffmpeg', () => {
  async function startWith(env: Record<string, string>, options: { preferNpmFfmpeg?: boolean } = {}) {
    const { config, cleanup } = await createTestConfig(env);
    try {
      const context = await createContext(config, options);
      await context.db.destroy();
      return 'started';
    } finally {
      await cleanup();
    }
  }

  it.each([
    {
      case: 'is missing',
      ffmpeg: () => Promise.resolve('/nonexistent/ffmpeg'),
      says: /is missing or cannot be run/,
    },
    {
      case: 'exits 1',
      ffmpeg: () => fakeFfmpeg('echo "broken build" >&2; exit 1'),
      says: /fails \(.*broken build/,
    },
    { case: 'hangs', ffmpeg: () => fakeFfmpeg('sleep 30'), says: /does not answer/ },
    {
      case: 'lacks a filter the pipeline uses',
      ffmpeg: () =>
        fakeFfmpeg(`case "$*" in *-filters*) "${serverFfmpegPath}" "$@" | grep -v ' amovie '; exit 0;; esac`),
      says: /lacks what the pipeline uses \(filter amovie\)/,
    },
  ])('when the chosen ffmpeg $case', { timeout: 20_000 }, async ({ ffmpeg, says }) => {
    const binary = await ffmpeg();
    const start = startWith({ FFMPEG_PATH: binary, FFMPEG_TIMEOUT_SECONDS: '3' });
    await expect(start).rejects.toThrow(says);
    await expect(start).rejects.toThrow(
      new RegExp(`^ffmpeg at ${binary} .*install ffmpeg \\(apt-get install ffmpeg\\) or point FFMPEG_PATH`),
    );
  });

  it('refuses the npm-shipped ffmpeg in production unless ALLOW_BUNDLED_FFMPEG=1', async () => {
    await expect(startWith({ NODE_ENV: 'production' }, { preferNpmFfmpeg: true })).rejects.toThrow(
      BUNDLED_FFMPEG_REFUSAL,
    );
    expect(
      await startWith({ NODE_ENV: 'production', ALLOW_BUNDLED_FFMPEG: '1' }, { preferNpmFfmpeg: true }),
    ).toBe('started');
    expect(await startWith({ NODE_ENV: 'production' })).toBe('started');
  });

  it('checks a build once per process, and again once its file has changed', async () => {
    const runs = path.join(scripts, 'runs-of-checked-build');
    const ffmpeg = await fakeFfmpeg(`echo run >> "${runs}"`);
    const countRuns = async () => (await readFile(runs, 'utf8').catch(() => '')).split('\n').length - 1;
    expect(await startWith({ FFMPEG_PATH: ffmpeg })).toBe('started');
    const runsOfFirstStart = await countRuns();
    expect(runsOfFirstStart).toBeGreaterThan(0);
    expect(await startWith({ FFMPEG_PATH: ffmpeg })).toBe('started');
    expect(await countRuns()).toBe(runsOfFirstStart);

    await writeFile(ffmpeg, '#!/bin/sh\necho "broken since" >&2; exit 1\n');
    await expect(startWith({ FFMPEG_PATH: ffmpeg, FFMPEG_TIMEOUT_SECONDS: '3' })).rejects.toThrow(
      /fails \(.*broken since/,
    );
  });
});

describe(`ffmpeg failing after start, on ${databaseKind}`, () => {
  const breakWhen = (marker: string, misbehaviour: string) =>
    `if [ -e "${marker}" ]; then\n${misbehaviour}\nfi`;

  it.each([
    {
      case: 'is removed',
      setUp: async (marker: string) => {
        const link = `${marker}.ffmpeg`;
        await symlink(serverFfmpegPath, link);
        return { ffmpeg: link, breakIt: () => unlink(link) };
      },
    },
    {
      case: 'exits 1',
      setUp: async (marker: string) => ({
        ffmpeg: await fakeFfmpeg(breakWhen(marker, 'echo "simulated failure" >&2; exit 1')),
        breakIt: () => writeFile(marker, ''),
      }),
    },
    {
      case: 'hangs',
      // The shell's child keeps stdout open after the shell is killed, unless its whole process group is.
      setUp: async (marker: string) => ({
        ffmpeg: await fakeFfmpeg(breakWhen(marker, `sleep 30 &\necho $! >> "${marker}.pids"\nwait`)),
        breakIt: () => writeFile(marker, ''),
      }),
    },
  ])('answers uploads with 503 on our side when ffmpeg $case', { timeout: 25_000 }, async ({ setUp }) => {
    const marker = path.join(scripts, `broken-${Math.random().toString(16).slice(2)}`);
    const { ffmpeg, breakIt } = await setUp(marker);
    const testApp = await createTestApp({ FFMPEG_PATH: ffmpeg, FFMPEG_TIMEOUT_SECONDS: '3' });
    try {
      await breakIt();
      const response = await publish(testApp);
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json().message).toBe(FFMPEG_UNUSABLE_MESSAGE);
      expect(await testApp.context.db.selectFrom('posts').select('id').execute()).toEqual([]);
      const health = await testApp.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      const stragglers = (await readFile(`${marker}.pids`, 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map(Number);
      for (const pid of stragglers) expect(await isRunning(pid), `sleep ${pid} still running`).toBe(false);
    } finally {
      await testApp.close();
    }
  });

  it('still answers 422 for a file that is not audio when ffmpeg works', async () => {
    const testApp = await createTestApp({ FFMPEG_PATH: await fakeFfmpeg(':'), FFMPEG_TIMEOUT_SECONDS: '3' });
    try {
      const garbage = Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt '), Buffer.alloc(200, 7)]);
      const response = await publish(testApp, garbage);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toMatch(/not audio we can play/);
    } finally {
      await testApp.close();
    }
  });
});

describe(`renditions on ${databaseKind}`, () => {
  const renderJob = (testApp: TestApp, attempts: number) =>
    waitFor(
      () =>
        testApp.context.db
          .selectFrom('jobs')
          .select(['attempts', 'last_error'])
          .where('name', '=', 'media.render-speech')
          .where('attempts', '>=', attempts)
          .where('status', '!=', 'running')
          .where('last_error', 'is not', null)
          .executeTakeFirst(),
      25_000,
      `render attempt ${attempts}`,
    );

  it('stops a render that hangs at the media timeout', { timeout: 40_000 }, async () => {
    // A hung encode uses no CPU, so its budget of CPU time never stops it: the clock does.
    const ffmpeg = await fakeFfmpeg('case "$*" in *aac_coder*) sleep 60 & wait;; esac');
    const testApp = await createTestApp(
      { FFMPEG_PATH: ffmpeg, FFMPEG_TIMEOUT_SECONDS: '3' },
      { runJobs: true },
    );
    try {
      const response = await publish(testApp);
      expect(response.statusCode, response.body).toBe(201);
      const failed = await renderJob(testApp, 1);
      expect(failed.last_error).toMatch(/took longer than 3000 ms and was stopped/);
    } finally {
      await testApp.close();
    }
  });

  it(
    'records why a render failed in ffmpeg’s words, not the uploader’s message',
    { timeout: 40_000 },
    async () => {
      const ffmpeg = await fakeFfmpeg(
        'case "$*" in *aac_coder*) echo "simulated encoder failure" >&2; exit 1;; esac',
      );
      const testApp = await createTestApp({ FFMPEG_PATH: ffmpeg }, { runJobs: true });
      try {
        const response = await publish(testApp);
        expect(response.statusCode, response.body).toBe(201);
        expect((await renderJob(testApp, 1)).last_error).toMatch(/simulated encoder failure/);
        // Before the retry: the measurements are gone and the original no longer decodes (a damaged disk, say).
        const asset = await testApp.context.db
          .selectFrom('posts')
          .innerJoin('audio_assets', 'audio_assets.id', 'posts.audio_id')
          .select(['audio_assets.id', 'audio_assets.original_key'])
          .where('posts.id', '=', (response.json() as Post).id)
          .executeTakeFirstOrThrow();
        const { blobs } = testApp.context;
        await blobs.delete(`audio/${asset.id}/measurements.bin`);
        await blobs.put(asset.original_key, Buffer.alloc(4096, 0x1a), { contentType: 'audio/webm' });
        const retried = await renderJob(testApp, 2);
        expect(retried.last_error).toMatch(/the audio does not decode \(.*ffmpeg.*failed/);
        expect(retried.last_error).not.toMatch(/not audio we can play/);
      } finally {
        await testApp.close();
      }
    },
  );
});

describe(`uploads while renders run, on ${databaseKind}`, () => {
  it('analyses an upload while a long render holds every ffmpeg slot renders may use', async () => {
    const renderStarted = path.join(scripts, `render-started-${Math.random().toString(16).slice(2)}`);
    const ffmpeg = await fakeFfmpeg(
      `case "$*" in *aac_coder*) touch "${renderStarted}"; sleep 120 & wait;; esac`,
    );
    const testApp = await createTestApp({ FFMPEG_PATH: ffmpeg, FFMPEG_CONCURRENCY: '1' }, { runJobs: true });
    const stopRender = new AbortController();
    try {
      const clip = path.join(scripts, 'lanes-clip.webm');
      await writeFile(clip, webm);
      const input = {
        file: clip,
        format: { demuxer: 'matroska', mime: 'audio/webm', extension: 'webm' },
      } as const;
      const { levels } = await testApp.context.ffmpeg.analyse([input]);
      const render = testApp.context.ffmpeg.renderSpeech(input, {
        output: path.join(scripts, 'lanes-render.m4a'),
        gainDb: 0,
        limitDb: -1,
        peaks: levels,
        signal: stopRender.signal,
      });
      render.catch(() => {}); // stopped at the end
      await waitFor(async () => (existsSync(renderStarted) ? true : undefined), 10_000, 'the render');

      const stillWaiting = new Promise<'still waiting'>((resolve) =>
        setTimeout(() => resolve('still waiting'), 20_000).unref(),
      );
      const response = await Promise.race([publish(testApp), stillWaiting]);
      if (response === 'still waiting') expect.fail('the upload waited behind the render');
      expect(response.statusCode, response.body).toBe(201);
    } finally {
      stopRender.abort();
      await testApp.close();
    }
  });
});

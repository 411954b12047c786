import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/database';
import { makeTone, serverFfmpegPath } from '../support/audio';
import {
  exitOf,
  filesUnder,
  publishWav,
  registerOn,
  serverEnv,
  startServerProcess,
  uploadInHalves,
  type ServerProcess,
} from './support/server-process';
import { createTestConfig, databaseKind } from './support/test-app';
import { waitFor } from './support/waits';

/** Until the server has logged that the signal came: from then on it is closing. */
const closingStarted = (server: ServerProcess) =>
  waitFor(
    async () => (/SIGTERM received/.test(server.output()) ? true : undefined),
    20_000,
    'the server to start closing',
  );

describe(`graceful shutdown on ${databaseKind}`, () => {
  let cleanup: () => Promise<void>;
  let config: Config;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let tone2s: Buffer;
  let tone10min: Buffer;
  beforeAll(async () => {
    const test = await createTestConfig();
    cleanup = test.cleanup;
    config = test.config;
    dataDir = config.dataDir;
    env = serverEnv(config);
    const tone = (seconds: number) => path.join(dataDir, `tone-${seconds}s.wav`);
    await makeTone(serverFfmpegPath, tone(2), { seconds: 2 });
    await makeTone(serverFfmpegPath, tone(600), { seconds: 600, codecArgs: ['-ar', '16000'] });
    [tone2s, tone10min] = await Promise.all([readFile(tone(2)), readFile(tone(600))]);
  });
  afterAll(() => cleanup?.());

  it(
    'finishes an upload in flight after SIGTERM, then closes the database and exits cleanly',
    { timeout: 90_000 },
    async () => {
      const server = await startServerProcess(env);
      try {
        const cookie = await registerOn(server.origin, 'drain@example.com');
        const uploadsDir = path.join(dataDir, 'tmp', 'uploads');
        const tempBefore = (await filesUnder(uploadsDir)).length;
        const upload = uploadInHalves(`${server.origin}/api/test/audio-analysis`, { cookie, audio: tone2s });
        // Mid-body on the server (its temp file exists) when the signal comes, finished once the server is closing.
        await waitFor(
          async () => ((await filesUnder(uploadsDir)).length > tempBefore ? true : undefined),
          20_000,
          'the upload to reach the server',
        );
        server.child.kill('SIGTERM');
        const exited = exitOf(server.child, 20_000);
        await closingStarted(server);
        upload.finish();
        const { status, body } = await upload.answer;
        expect(status).toBe(200);
        expect(JSON.parse(body).durationSeconds).toBeCloseTo(2, 1);
        expect(await exited).toBe(0);

        if (databaseKind === 'sqlite') {
          const wal = path.join(dataDir, 'earshot.sqlite-wal');
          expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
        }
        await expect(fetch(`${server.origin}/api/health`)).rejects.toThrow();
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }
    },
  );

  it(
    'answers every upload on keep-alive connections, queues the running render again, and exits 0',
    { timeout: 90_000 },
    async () => {
      const db = createDatabase(config.database);
      const server = await startServerProcess(env);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
      try {
        const cookie = await registerOn(server.origin, 'busy@example.com');
        await publishWav(server.origin, cookie, tone10min);
        await waitFor(
          async () =>
            (await db.selectFrom('jobs').select('id').where('status', '=', 'running').executeTakeFirst()) ??
            undefined,
          30_000,
          'the rendition of the long upload to start',
        );

        const uploadsDir = path.join(dataDir, 'tmp', 'uploads');
        const tempBefore = (await filesUnder(uploadsDir)).length;
        const uploads = Array.from({ length: 4 }, () =>
          uploadInHalves(`${server.origin}/api/posts`, { cookie, audio: tone2s, agent }),
        );
        // Every upload is mid-body on the server (its temp file exists) when the signal comes.
        await waitFor(
          async () =>
            (await filesUnder(uploadsDir)).length >= tempBefore + uploads.length ? true : undefined,
          20_000,
          'the uploads to reach the server',
        );
        server.child.kill('SIGTERM');
        const exited = exitOf(server.child, 20_000);
        await closingStarted(server);
        uploads.forEach((upload) => upload.finish());

        const answers = await Promise.all(uploads.map((upload) => upload.answer));
        expect(answers.map((answer) => [answer.status, answer.headers.connection])).toEqual(
          uploads.map(() => [201, 'close']),
        );
        expect(await exited).toBe(0);
        expect(server.output()).toMatch(/shut down cleanly/);

        // The interrupted render and the four new ones wait for the next instance, no attempt used up.
        const jobs = await db
          .selectFrom('jobs')
          .select(['status', 'attempts', 'locked_until'])
          .where('name', '=', 'media.render-speech')
          .execute();
        expect(jobs).toHaveLength(5);
        expect(
          jobs.filter((job) => job.status !== 'queued' || job.attempts !== 0 || job.locked_until),
        ).toEqual([]);
        expect(await filesUnder(path.join(dataDir, 'tmp'))).toEqual([]);
      } finally {
        agent.destroy();
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
        await db.destroy();
      }
    },
  );
});

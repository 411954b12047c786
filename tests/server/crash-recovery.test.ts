import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../src/shared/contract/posts';
import type { Config } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/database';
import { scratchDirectory, sweepAbandonedScratch } from '../../src/server/storage/scratch';
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
import { waitFor, waitForRendition } from './support/waits';

/**
 * kill -9 of the server (its process group), as when the kernel's OOM killer or an operator ends it. The ffmpeg it
 * started runs in process groups of their own and outlives it: a server killed this way cannot stop them.
 */
async function killHard(server: ServerProcess): Promise<void> {
  process.kill(-server.child.pid!, 'SIGKILL');
  await exitOf(server.child, 10_000);
}

describe(`recovery after kill -9 on ${databaseKind}`, () => {
  let cleanup: () => Promise<void>;
  let config: Config;
  let tone10s: Buffer;
  let tone10min: Buffer;
  beforeAll(async () => {
    const test = await createTestConfig();
    cleanup = test.cleanup;
    config = test.config;
    const tone = (seconds: number) => path.join(config.dataDir, `tone-${seconds}s.wav`);
    await makeTone(serverFfmpegPath, tone(10), { seconds: 10 });
    await makeTone(serverFfmpegPath, tone(600), { seconds: 600, codecArgs: ['-ar', '16000'] });
    [tone10s, tone10min] = await Promise.all([readFile(tone(10)), readFile(tone(600))]);
  });
  afterAll(() => cleanup?.());

  it(
    'removes the temp files of an upload and a render cut off by the crash, and finishes the rendition',
    { timeout: 360_000 },
    async () => {
      const db = createDatabase(config.database);
      const env = serverEnv(config);
      const tmp = path.join(config.dataDir, 'tmp');
      const servers: ServerProcess[] = [];
      try {
        const first = await startServerProcess(env, { detached: true });
        servers.push(first);
        const cookie = await registerOn(first.origin, 'crash@example.com');
        const post = await publishWav(first.origin, cookie, tone10min);
        await waitFor(
          async () => ((await filesUnder(tmp)).some((file) => file.endsWith('.m4a')) ? true : undefined),
          30_000,
          'the rendition to be written',
        );
        const cutOff = uploadInHalves(`${first.origin}/api/posts`, { cookie, audio: tone10s });
        cutOff.answer.catch(() => {}); // the server dies before it answers
        const leftovers = await waitFor(
          async () => {
            const files = await filesUnder(tmp);
            return files.some((file) => file.includes(`${path.sep}uploads${path.sep}`)) ? files : undefined;
          },
          20_000,
          'the upload to reach the server',
        );
        await killHard(first);
        expect(leftovers.filter((file) => !existsSync(file))).toEqual([]);
        // Publishing also queued the post's new-post push (nobody follows here), run or not before the kill.
        const renders = db
          .selectFrom('jobs')
          .select(['status', 'attempts'])
          .where('name', 'not like', 'push.%');
        expect(await renders.execute()).toEqual([{ status: 'running', attempts: 1 }]);

        const second = await startServerProcess(env, { detached: true });
        servers.push(second);
        await waitFor(
          async () => (leftovers.every((file) => !existsSync(file)) ? true : undefined),
          20_000,
          'the temp files of the killed server to be removed',
        );
        const rendered = await waitForRendition(
          async () =>
            (await (
              await fetch(`${second.origin}/api/posts/${post.id}`, { headers: { cookie } })
            ).json()) as Post,
          // The lease of the killed server's claim (30 s) runs out, then the render of 10 minutes of audio, which
          // takes seconds of CPU and, on a loaded machine, minutes.
          240_000,
          'the interrupted rendition',
        );
        expect(rendered.audioSources[0]?.mimeType).toBe('audio/mp4');
        // The rendition is committed before the queue retires its job, so the row may outlive it by a moment.
        await waitFor(
          async () => ((await db.selectFrom('jobs').select('id').execute()).length === 0 ? true : undefined),
          10_000,
          'the finished render job to leave the queue',
        );

        second.child.kill('SIGTERM');
        expect(await exitOf(second.child, 20_000)).toBe(0);
        expect(await filesUnder(tmp)).toEqual([]);
      } catch (error) {
        // What the queue holds and what the servers warned of say why a render never came (a timeout, a retry).
        const jobs = await db
          .selectFrom('jobs')
          .select(['name', 'status', 'attempts', 'last_error'])
          .execute();
        const warnings = servers.flatMap((server) =>
          server
            .output()
            .split('\n')
            .filter((line) => /"level":[4-6]\d/.test(line)),
        );
        throw new Error(
          `${(error as Error).message}\njobs: ${JSON.stringify(jobs)}\nwarnings:\n${warnings.join('\n')}`,
          {
            cause: error,
          },
        );
      } finally {
        for (const server of servers) {
          if (server.child.exitCode === null && server.child.signalCode === null) {
            process.kill(-server.child.pid!, 'SIGKILL');
          }
        }
        await db.destroy();
      }
    },
  );

  it('keeps the temp files of instances still running on the same DATA_DIR', async () => {
    // A DATA_DIR of its own: whatever the crash test above left behind is not this test's to sweep.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-sweep-'));
    const uploads = path.join(dataDir, 'tmp', 'uploads');
    const host = os.hostname().replace(/[^A-Za-z0-9.-]/g, '-');
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const entries = {
      own: scratchDirectory(dataDir, 'uploads'),
      liveHere: path.join(uploads, `${host}_${process.ppid}_0123456789ab`),
      // Alive on this host but its heartbeat missed (say, a full disk): the process, not the clock, decides.
      liveHereSilent: path.join(uploads, `${host}_${process.ppid}_ba9876543210`),
      liveElsewhere: path.join(uploads, 'other-host_4242_0123456789ab'),
      deadHere: path.join(uploads, `${host}_${deadPid}_0123456789ab`),
      earlierWithOurPid: path.join(uploads, `${host}_${process.pid}_0123456789ab`),
      silentElsewhere: path.join(uploads, 'other-host_4343_0123456789ab'),
      notScratch: path.join(uploads, 'kept-by-an-operator'),
    };
    for (const directory of Object.values(entries)) {
      await mkdir(directory, { recursive: true });
      await writeFile(path.join(directory, 'part'), 'bytes');
    }
    await utimes(entries.silentElsewhere, minutesAgo(11), minutesAgo(11));
    await utimes(entries.liveHereSilent, minutesAgo(11), minutesAgo(11));
    const looseFresh = path.join(uploads, 'loose-fresh');
    const looseOld = path.join(uploads, 'loose-old');
    await writeFile(looseFresh, 'bytes');
    await writeFile(looseOld, 'bytes');
    await utimes(looseOld, minutesAgo(25 * 60), minutesAgo(25 * 60));

    const removed = await sweepAbandonedScratch(dataDir);
    expect(removed.sort()).toEqual(
      [entries.deadHere, entries.earlierWithOurPid, entries.silentElsewhere, looseOld].sort(),
    );
    const kept = [
      entries.own,
      entries.liveHere,
      entries.liveHereSilent,
      entries.liveElsewhere,
      entries.notScratch,
    ];
    for (const directory of kept) {
      expect(existsSync(path.join(directory, 'part'))).toBe(true);
    }
    expect(existsSync(looseFresh)).toBe(true);
    await rm(dataDir, { recursive: true, force: true });
  });
});

import { availableParallelism } from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../src/shared/contract/posts';
import { ConfigError, loadConfig } from '../../src/server/config';
import { createDatabase, migrateToLatest, type Db } from '../../src/server/db/database';
import type { JobHandlers } from '../../src/server/jobs/catalogue';
import { createJobQueue, type ClaimedJob, type JobQueue } from '../../src/server/jobs/job-queue';
import { startJobWorker, type JobWorker, type JobWorkerOptions } from '../../src/server/jobs/job-worker';
import { makeTone, multipartFile, serverFfmpegPath } from '../support/audio';
import { signUp } from './support/accounts';
import { createTestApp, createTestConfig, databaseKind } from './support/test-app';
import { waitFor, waitForRendition } from './support/waits';

const WAIT = { timeout: 5_000, interval: 10 };
const T0 = Date.parse('2030-01-01T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

let clockMs = T0;
const clock = () => new Date(clockMs);

interface LogLine {
  level: number;
  msg: string;
  jobId?: string;
  jobName?: string;
}
let logLines: LogLine[] = [];
const log = pino({ level: 'warn' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });

let cleanup: () => Promise<void>;
let db: Db;
/** A second connection (pool) to the same database: another instance of the server. */
let otherDb: Db;
let queue: JobQueue;
let otherQueue: JobQueue;
/** On the real clock, for the lease heartbeat, which runs on real timers. */
let liveQueue: JobQueue;

beforeAll(async () => {
  const test = await createTestConfig();
  cleanup = test.cleanup;
  db = createDatabase(test.config.database);
  await migrateToLatest(db, test.config.database);
  otherDb = createDatabase(test.config.database);
  queue = createJobQueue(db, { now: clock });
  otherQueue = createJobQueue(otherDb, { now: clock });
  liveQueue = createJobQueue(db);
});
afterAll(async () => {
  await otherDb?.destroy();
  await db?.destroy();
  await cleanup?.();
});

const workers: JobWorker[] = [];
function start(options: Partial<JobWorkerOptions> & { handlers: JobHandlers }): JobWorker {
  const worker = startJobWorker({ queue, log, pollIntervalMs: 10, ...options });
  workers.push(worker);
  return worker;
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

beforeEach(async () => {
  clockMs = T0;
  logLines = [];
  await db.deleteFrom('jobs').execute();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => within(worker.stop(), 5_000, 'stopping a worker')));
});

function handlers(renderSpeech: JobHandlers['media.render-speech']): JobHandlers {
  return {
    'media.render-speech': renderSpeech,
    'media.measure-speech': async () => 'skipped',
    'transcripts.align': async () => 'skipped',
    'transcripts.recognise': async () => 'skipped',
    'transcripts.backfill': async () => 'skipped',
    'autosave.recover-abandoned': async () => 'skipped',
    'federation.message': async () => 'skipped',
    'federation.post': async () => 'skipped',
    'federation.reply': async () => 'skipped',
    'federation.actor-deleted': async () => 'skipped',
    'federation.interaction': async () => 'skipped',
    'federation.flag': async () => 'skipped',
    'images.reencode-legacy': async () => 'skipped',
    'storage.remove-objects': async () => 'skipped',
    'posts.retake-conversation-voices': async () => 'skipped',
    'push.notify': async () => 'skipped',
    'push.likes': async () => 'skipped',
    'push.new-post': async () => 'skipped',
    'push.deliver': async () => 'skipped',
  };
}

function rows() {
  return db.selectFrom('jobs').selectAll().orderBy('created_at').orderBy('id').execute();
}

async function claimed(from: JobQueue, leaseMs = 60_000): Promise<ClaimedJob> {
  const job = await from.claim(leaseMs);
  if (!job) throw new Error('expected a job to be due');
  return job;
}

describe(`job queue on ${databaseKind}`, () => {
  it('runs an enqueued job once with its payload, woken by the enqueue, and then removes it', async () => {
    const seen: unknown[] = [];
    start({
      handlers: handlers(async (payload) => {
        seen.push(payload);
        return 'done';
      }),
      // Only the wake-up on enqueue can make the job run within the wait below.
      pollIntervalMs: 60_000,
    });
    await delay(50);
    await queue.enqueue('media.render-speech', { assetId: 'asset-1' });

    await vi.waitFor(async () => {
      expect(seen).toEqual([{ assetId: 'asset-1' }]);
      expect(await rows()).toEqual([]);
    }, WAIT);
    await delay(50);
    expect(seen).toHaveLength(1);
  });

  it('claims background work only when nothing else is due: a rendition queued later goes first', async () => {
    await queue.enqueue('transcripts.recognise', { postId: 'older-post' }, { priority: 'background' });
    clockMs += 1_000;
    await queue.enqueue('media.render-speech', { assetId: 'new-upload' });
    await queue.enqueue(
      'media.render-speech',
      { assetId: 'later' },
      { runAfter: new Date(clockMs + 60_000) },
    );

    const first = await claimed(queue);
    expect(first.name).toBe('media.render-speech');
    await queue.complete(first);
    // The later rendition is not due yet: the background job does not wait for it.
    const second = await claimed(queue);
    expect(second).toMatchObject({ name: 'transcripts.recognise', payloadJson: '{"postId":"older-post"}' });
  });

  it('keeps one waiting job per uniqueKey and frees the key once that job is done', async () => {
    await queue.enqueue('media.render-speech', { assetId: 'first' }, { uniqueKey: 'render:a' });
    await queue.enqueue('media.render-speech', { assetId: 'second' }, { uniqueKey: 'render:a' });
    await queue.enqueue('autosave.recover-abandoned', {});
    await queue.enqueue('autosave.recover-abandoned', {});
    expect(await rows()).toHaveLength(3);
    expect((await rows()).filter((row) => row.unique_key === 'render:a')).toMatchObject([
      { payload_json: '{"assetId":"first"}', status: 'queued' },
    ]);

    await db.deleteFrom('jobs').where('unique_key', 'is', null).execute();
    await queue.complete(await claimed(queue));
    expect(await rows()).toEqual([]);
    await queue.enqueue('media.render-speech', { assetId: 'after-an-edit' }, { uniqueKey: 'render:a' });
    expect(await rows()).toMatchObject([{ payload_json: '{"assetId":"after-an-edit"}', status: 'queued' }]);
  });

  it('lets a job that has started or failed for good give up its key', async () => {
    const key = { uniqueKey: 'render:a', maxAttempts: 1 };
    await queue.enqueue('media.render-speech', { assetId: 'v1' }, key);
    const running = await claimed(queue);
    clockMs += 1;
    // A change made while v1 renders must still get a render of its own.
    await queue.enqueue('media.render-speech', { assetId: 'v2' }, key);
    await queue.enqueue('media.render-speech', { assetId: 'v3' }, key);
    expect(await rows()).toMatchObject([
      { payload_json: '{"assetId":"v1"}', status: 'running', unique_key: null },
      { payload_json: '{"assetId":"v2"}', status: 'queued', unique_key: 'render:a' },
    ]);

    await queue.complete(running);
    await queue.fail(await claimed(queue), 'could not decode');
    clockMs += 1;
    await queue.enqueue('media.render-speech', { assetId: 'v4' }, key);
    expect(await rows()).toMatchObject([
      {
        payload_json: '{"assetId":"v2"}',
        status: 'failed',
        unique_key: null,
        last_error: 'could not decode',
      },
      { payload_json: '{"assetId":"v4"}', status: 'queued', unique_key: 'render:a' },
    ]);

    // A job whose worker died keeps its key: it will run again from the start anyway.
    await claimed(queue, 1_000);
    clockMs += 1_001;
    await queue.enqueue('media.render-speech', { assetId: 'v5' }, key);
    expect(await rows()).toHaveLength(2);
  });

  it('enqueues within a transaction, so a rolled-back write leaves no job behind', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await queue.enqueue('media.render-speech', { assetId: 'rolled-back' }, { db: trx });
        throw new Error('the row the job belongs with could not be written');
      }),
    ).rejects.toThrow('could not be written');
    expect(await rows()).toEqual([]);

    await db
      .transaction()
      .execute((trx) => queue.enqueue('media.render-speech', { assetId: 'committed' }, { db: trx }));
    expect(await rows()).toMatchObject([{ payload_json: '{"assetId":"committed"}' }]);
  });

  it('retries a throwing handler with backoff and marks it failed after its last attempt', async () => {
    let failures = 0;
    const healthy: string[] = [];
    const worker = start({
      handlers: handlers(async ({ assetId }) => {
        if (assetId === 'healthy') {
          healthy.push(assetId);
          return 'done';
        }
        failures += 1;
        throw new Error(`render failed on attempt ${failures}`);
      }),
    });
    await queue.enqueue('media.render-speech', { assetId: 'broken' }, { maxAttempts: 3 });
    await vi.waitFor(async () => {
      expect(await rows()).toMatchObject([
        {
          status: 'queued',
          attempts: 1,
          run_after: iso(T0 + 5_000),
          last_error: 'render failed on attempt 1',
        },
      ]);
    }, WAIT);

    await queue.enqueue('media.render-speech', { assetId: 'healthy' });
    await vi.waitFor(() => expect(healthy).toEqual(['healthy']), WAIT);

    clockMs = T0 + 4_999;
    worker.wake();
    await delay(50);
    expect(failures).toBe(1);

    clockMs = T0 + 5_000;
    worker.wake();
    await vi.waitFor(async () => {
      expect(await rows()).toMatchObject([
        {
          status: 'queued',
          attempts: 2,
          run_after: iso(T0 + 30_000),
          last_error: 'render failed on attempt 2',
        },
      ]);
    }, WAIT);

    clockMs = T0 + 30_000;
    worker.wake();
    await vi.waitFor(async () => {
      expect(await rows()).toMatchObject([
        { status: 'failed', attempts: 3, locked_until: null, last_error: 'render failed on attempt 3' },
      ]);
    }, WAIT);

    clockMs += 24 * 60 * 60_000;
    worker.wake();
    await delay(50);
    expect(failures).toBe(3);
    const [failed] = await rows();
    expect(logLines).toContainEqual(
      expect.objectContaining({
        jobId: failed?.id,
        jobName: 'media.render-speech',
        msg: 'job failed; will retry',
      }),
    );
    expect(logLines).toContainEqual(
      expect.objectContaining({
        jobId: failed?.id,
        jobName: 'media.render-speech',
        msg: 'job failed; no attempts left',
      }),
    );
  });

  it('backs off 5 s, 25 s, about 2 min and so on up to an hour, keeping 2000 characters of the error', async () => {
    await queue.enqueue('media.render-speech', { assetId: 'a' }, { maxAttempts: 8 });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      const job = await claimed(queue);
      expect(job.attempts).toBe(attempt);
      await queue.fail(job, `attempt ${attempt}`);
      const [row] = await rows();
      const due = Date.parse(row?.run_after ?? '');
      delays.push(due - clockMs);
      clockMs = due - 1;
      expect(await queue.claim(60_000)).toBeUndefined();
      clockMs = due;
    }
    expect(delays).toEqual([5_000, 25_000, 125_000, 625_000, 3_125_000, 3_600_000, 3_600_000]);

    await queue.fail(await claimed(queue), 'x'.repeat(5_000));
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 8 });
    expect(row?.last_error).toHaveLength(2_000);
  });

  it('gives a job whose worker died to another instance once the lease expires', async () => {
    await queue.enqueue('media.render-speech', { assetId: 'survivor' });
    await claimed(queue, 60_000);
    clockMs += 60_000;
    expect(await queue.claim(60_000)).toBeUndefined();

    clockMs += 1;
    const seen: string[] = [];
    start({
      queue: otherQueue,
      handlers: handlers(async ({ assetId }) => {
        seen.push(assetId);
        return 'done';
      }),
    });
    await vi.waitFor(async () => {
      expect(seen).toEqual(['survivor']);
      expect(await rows()).toEqual([]);
    }, WAIT);
  });

  it('ignores a worker that answers after its lease was taken over', async () => {
    await queue.enqueue('media.render-speech', { assetId: 'a' });
    const late = await claimed(queue, 1_000);
    clockMs += 1_001;
    const current = await claimed(otherQueue, 1_000);
    expect(current).toMatchObject({ id: late.id, attempts: 2 });

    await queue.complete(late);
    await queue.fail(late, 'too late');
    expect(await rows()).toMatchObject([{ status: 'running', attempts: 2, last_error: null }]);
    await otherQueue.complete(current);
    expect(await rows()).toEqual([]);
  });

  it('does not run a job again when its worker died during the last attempt', async () => {
    await queue.enqueue('media.render-speech', { assetId: 'crashes-the-process' }, { maxAttempts: 2 });
    await queue.fail(await claimed(queue), 'out of memory');
    clockMs += 5_000;
    await claimed(queue, 1_000);
    clockMs += 1_001;
    expect(await queue.claim(1_000)).toBeUndefined();
    expect(await rows()).toMatchObject([
      {
        status: 'failed',
        attempts: 2,
        locked_until: null,
        last_error: expect.stringMatching(/lease expired/),
      },
    ]);
  });

  it('fails a job this version has no handler for, and carries on with the others', async () => {
    await db
      .insertInto('jobs')
      .values({
        id: 'from-a-newer-version',
        name: 'video.transcode',
        payload_json: '{}',
        unique_key: null,
        status: 'queued',
        max_attempts: 5,
        run_after: iso(T0),
        locked_until: null,
        last_error: null,
        created_at: iso(T0),
        updated_at: iso(T0),
      })
      .execute();
    const seen: string[] = [];
    start({
      handlers: handlers(async ({ assetId }) => {
        seen.push(assetId);
        return 'done';
      }),
    });
    await queue.enqueue('media.render-speech', { assetId: 'known' });

    await vi.waitFor(async () => {
      expect(seen).toEqual(['known']);
      expect(await rows()).toMatchObject([
        {
          id: 'from-a-newer-version',
          status: 'queued',
          attempts: 1,
          last_error: expect.stringMatching(/^No handler for job "video.transcode"/),
        },
      ]);
    }, WAIT);
    expect(logLines).toContainEqual(
      expect.objectContaining({ jobId: 'from-a-newer-version', jobName: 'video.transcode' }),
    );
  });

  it('never runs a job twice when two instances with several workers share the queue', async () => {
    const assetIds = Array.from({ length: 30 }, (_, index) => `asset-${index}`);
    for (const assetId of assetIds) await queue.enqueue('media.render-speech', { assetId });
    const runs = new Map<string, string[]>();
    const recordingAs = (instance: string) =>
      handlers(async ({ assetId }) => {
        runs.set(assetId, [...(runs.get(assetId) ?? []), instance]);
        await delay(5);
        return 'done';
      });
    start({ queue, handlers: recordingAs('first'), concurrency: 4 });
    start({ queue: otherQueue, handlers: recordingAs('second'), concurrency: 4 });

    await vi.waitFor(async () => expect(await rows()).toEqual([]), { ...WAIT, timeout: 15_000 });
    expect([...runs.keys()].sort()).toEqual([...assetIds].sort());
    expect([...runs.values()].filter((instances) => instances.length !== 1)).toEqual([]);
    const instances = [...runs.values()].flat();
    expect(instances).toContain('first');
    expect(instances).toContain('second');
  });

  /** A handler that runs until its signal aborts, then throws the reason, as the render job does. */
  function untilAborted(seen: { started: string[]; reasons: unknown[] }) {
    return handlers(async ({ assetId }, { signal }) => {
      seen.started.push(assetId);
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      seen.reasons.push(signal.reason);
      throw signal.reason;
    });
  }

  it('on stop() aborts the job in progress and queues it again at once, without counting the attempt', async () => {
    const seen = { started: [] as string[], reasons: [] as unknown[] };
    const worker = start({ handlers: untilAborted(seen) });
    // One attempt only: had the interruption counted as a failure, the job would now be failed for good.
    await queue.enqueue('media.render-speech', { assetId: 'interrupted' }, { maxAttempts: 1 });
    await vi.waitFor(() => expect(seen.started).toEqual(['interrupted']), WAIT);

    await within(worker.stop(), 5_000, 'stop()');
    expect(seen.reasons).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/shutting down/) }),
    ]);
    expect(await rows()).toMatchObject([
      { status: 'queued', attempts: 0, run_after: iso(T0), locked_until: null, last_error: null },
    ]);
    // Another instance takes it straight away.
    expect(await claimed(otherQueue)).toMatchObject({ attempts: 1 });

    await queue.enqueue('media.render-speech', { assetId: 'after-stop' });
    await delay(50);
    expect(seen.started).toEqual(['interrupted']);
  });

  it('on stop() completes a job whose handler finishes its work despite the abort', async () => {
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const started: string[] = [];
    const worker = start({
      handlers: handlers(async ({ assetId }) => {
        started.push(assetId);
        await finished;
        return 'done';
      }),
    });
    try {
      await queue.enqueue('media.render-speech', { assetId: 'in-flight' });
      await vi.waitFor(() => expect(started).toEqual(['in-flight']), WAIT);

      let stopped = false;
      const stopping = worker.stop().then(() => {
        stopped = true;
      });
      await delay(50);
      expect(stopped).toBe(false);
      finish();
      await within(stopping, 5_000, 'stop()');
      expect(await rows()).toEqual([]);
    } finally {
      finish();
    }
  });

  it('renews the lease while a job runs, so no other instance takes it over', async () => {
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const started: string[] = [];
    // Renewed every third of a lease: a stall of up to 2 s (a loaded CI machine) still keeps the job.
    const leaseMs = 3_000;
    start({
      queue: liveQueue,
      leaseMs,
      handlers: handlers(async ({ assetId }) => {
        started.push(assetId);
        await finished;
        return 'done';
      }),
    });
    try {
      await liveQueue.enqueue('media.render-speech', { assetId: 'long-render' });
      await vi.waitFor(() => expect(started).toEqual(['long-render']), WAIT);

      // Another instance keeps looking for three leases' time: without renewals the job would be due after one.
      const otherLiveQueue = createJobQueue(otherDb);
      for (const until = Date.now() + 3 * leaseMs; Date.now() < until; await delay(100)) {
        expect(await otherLiveQueue.claim(leaseMs)).toBeUndefined();
      }
      finish();
      await vi.waitFor(async () => expect(await rows()).toEqual([]), WAIT);
      expect(started).toEqual(['long-render']);
    } finally {
      finish();
    }
  });

  it('aborts a job whose lease another instance took over, and leaves the job to it', async () => {
    const seen = { started: [] as string[], reasons: [] as unknown[] };
    start({ queue: liveQueue, leaseMs: 1_500, handlers: untilAborted(seen) });
    await liveQueue.enqueue('media.render-speech', { assetId: 'taken-over' });
    await vi.waitFor(() => expect(seen.started).toEqual(['taken-over']), WAIT);

    // The other instance's clock is years ahead, so to it the lease has long expired (as after a stall).
    const takenOver = await claimed(otherQueue);
    expect(takenOver.attempts).toBe(2);
    await vi.waitFor(() => expect(seen.reasons).toHaveLength(1), WAIT);
    expect(seen.reasons[0]).toMatchObject({ message: 'Another worker took the job over.' });
    expect(logLines).toContainEqual(
      expect.objectContaining({ jobId: takenOver.id, msg: 'job stopped: this worker lost its lease' }),
    );
    expect(await rows()).toMatchObject([{ status: 'running', attempts: 2, last_error: null }]);
    await otherQueue.complete(takenOver);
    expect(await rows()).toEqual([]);
  });
});

describe(`waking job workers on ${databaseKind}`, () => {
  it('wakes the workers of every instance once an enqueue commits, and never for one rolled back', async () => {
    const first = await createTestApp();
    // On PostgreSQL a second instance of the same deployment; SQLite has one process.
    const second = databaseKind === 'postgres' ? await createTestApp({}, { sameDatabaseAs: first }) : first;
    let wakeups = 0;
    const stopListening = second.context.jobs.onEnqueue(() => (wakeups += 1));
    const wokenAtLeast = (count: number) =>
      waitFor(async () => (wakeups >= count ? wakeups : undefined), 10_000, `${count} wake-ups`);
    try {
      let wakeupsBeforeCommit: number | undefined;
      await first.context.db.transaction().execute(async (trx) => {
        await first.context.jobs.enqueue('media.render-speech', { assetId: 'committed' }, { db: trx });
        wakeupsBeforeCommit = wakeups;
      });
      // A worker woken before the commit would look, find nothing, and sleep until its next poll.
      expect(wakeupsBeforeCommit).toBe(0);
      await wokenAtLeast(1);

      const rolledBack = first.context.db.transaction().execute(async (trx) => {
        await first.context.jobs.enqueue('media.render-speech', { assetId: 'rolled-back' }, { db: trx });
        throw new Error('rolled back');
      });
      await expect(rolledBack).rejects.toThrow('rolled back');
      await first.context.jobs.enqueue('media.render-speech', { assetId: 'outside-a-transaction' });
      // Wake-ups arrive in commit order: had the rolled-back one woken anyone, this would be its third.
      expect(await wokenAtLeast(2)).toBe(2);
    } finally {
      stopListening();
      if (second !== first) await second.close();
      await first.close();
    }
  });
});

describe(`job concurrency of the server on ${databaseKind}`, () => {
  it('runs as many jobs at once as JOB_CONCURRENCY says, by default one per core', () => {
    expect(loadConfig({}).jobConcurrency).toBe(availableParallelism());
    expect(loadConfig({ JOB_CONCURRENCY: '3' }).jobConcurrency).toBe(3);
    expect(() => loadConfig({ JOB_CONCURRENCY: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ JOB_CONCURRENCY: '0' })).toThrow(/JOB_CONCURRENCY/);
  });

  it('renders a short upload while a long one is still rendering', { timeout: 120_000 }, async () => {
    const testApp = await createTestApp({ JOB_CONCURRENCY: '2' }, { runJobs: true });
    try {
      const person = await signUp(testApp.app);
      const publish = async (seconds: number) => {
        const file = path.join(testApp.config.dataDir, `tone-${seconds}s.wav`);
        await makeTone(serverFfmpegPath, file, { seconds, format: 'wav', codecArgs: ['-ar', '16000'] });
        const form = multipartFile('audio', 'tone.wav', 'audio/wav', await readFile(file));
        const response = await testApp.app.inject({
          method: 'POST',
          url: '/api/posts',
          headers: { ...form.headers, cookie: person.cookie },
          payload: form.payload,
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json() as Post;
      };
      const jobRows = () => testApp.context.db.selectFrom('jobs').selectAll().execute();

      await publish(600);
      await waitFor(
        async () => ((await jobRows()).some((row) => row.status === 'running') ? true : undefined),
        30_000,
        'the long rendition to start',
      );
      const short = await publish(2);
      await waitForRendition(
        async () =>
          (
            await testApp.app.inject({ url: `/api/posts/${short.id}`, headers: { cookie: person.cookie } })
          ).json() as Post,
        60_000,
        "the short upload's rendition",
      );
      // The short job's row goes a moment after its rendition is listed; the long one is still running then.
      const left = await waitFor(
        async () => {
          const rows = await jobRows();
          return rows.length === 1 ? rows : undefined;
        },
        10_000,
        "the short job's row to be removed",
      );
      expect(left).toMatchObject([{ status: 'running', attempts: 1 }]);
    } finally {
      await testApp.close();
    }
  });
});

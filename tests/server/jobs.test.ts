import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, migrateToLatest, type Db } from '../../src/server/db/database';
import type { JobHandlers } from '../../src/server/jobs/catalogue';
import { createJobQueue, type ClaimedJob, type JobQueue } from '../../src/server/jobs/job-queue';
import { startJobWorker, type JobWorker, type JobWorkerOptions } from '../../src/server/jobs/job-worker';
import { createTestConfig, databaseKind } from './support/test-app';

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

beforeAll(async () => {
  const test = await createTestConfig();
  cleanup = test.cleanup;
  db = createDatabase(test.config.database);
  await migrateToLatest(db, test.config.database);
  otherDb = createDatabase(test.config.database);
  queue = createJobQueue(db, test.config.database.kind, { now: clock });
  otherQueue = createJobQueue(otherDb, test.config.database.kind, { now: clock });
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
  return { 'media.render-speech': renderSpeech, 'autosave.recover-abandoned': async () => 'skipped' };
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

  it('stops claiming on stop() and waits for the job in progress to finish', async () => {
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

      await queue.enqueue('media.render-speech', { assetId: 'after-stop' });
      await delay(50);
      expect(started).toEqual(['in-flight']);
      expect(await rows()).toMatchObject([{ status: 'queued', attempts: 0 }]);
    } finally {
      finish();
    }
  });
});

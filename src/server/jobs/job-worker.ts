import type { FastifyBaseLogger } from 'fastify';
import type { JobHandlers, JobName, JobOutcome, JobRun } from './catalogue';
import type { ClaimedJob, JobQueue } from './job-queue';

export interface JobWorkerOptions {
  queue: JobQueue;
  handlers: JobHandlers;
  log: FastifyBaseLogger;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** How long to wait before looking again when nothing is due; enqueues through `queue` wake it sooner. */
  pollIntervalMs?: number;
  /** After this long without an answer another worker may take the job over, so keep it above any job's run time. */
  leaseMs?: number;
}

export interface JobWorker {
  /** Looks for due jobs now instead of at the next poll. */
  wake(): void;
  /** Stops claiming and resolves once the jobs in progress have finished. */
  stop(): Promise<void>;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

async function dispatch(handlers: JobHandlers, job: ClaimedJob, run: JobRun): Promise<JobOutcome> {
  if (!Object.hasOwn(handlers, job.name)) {
    throw new Error(`No handler for job "${job.name}": this version of the server does not know it.`);
  }
  // enqueue() pairs each name with its payload type, so the row's name picks the matching handler.
  const handler = handlers[job.name as JobName] as (payload: unknown, run: JobRun) => Promise<JobOutcome>;
  return handler(JSON.parse(job.payloadJson), run);
}

export function startJobWorker({
  queue,
  handlers,
  log,
  concurrency = 1,
  pollIntervalMs = 1000,
  leaseMs = 10 * 60_000,
}: JobWorkerOptions): JobWorker {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer, not ${concurrency}`);
  }
  let stopping = false;
  let wakeups = 0;
  const sleepers = new Set<() => void>();

  const wake = () => {
    wakeups += 1;
    for (const resolve of [...sleepers]) resolve();
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      sleepers.add(done);
    });

  const claim = async () => {
    try {
      return await queue.claim(leaseMs);
    } catch (error) {
      log.error({ err: error }, 'could not claim a job; will look again');
      return undefined;
    }
  };

  const record = async (job: ClaimedJob, write: () => Promise<void>) => {
    try {
      await write();
    } catch (error) {
      log.error(
        { err: error, jobId: job.id, jobName: job.name },
        'could not record the result of a job; it runs again once its lease expires',
      );
    }
  };

  const run = async (job: ClaimedJob) => {
    const context = { jobId: job.id, jobName: job.name, attempt: job.attempts, maxAttempts: job.maxAttempts };
    let outcome: JobOutcome;
    try {
      outcome = await dispatch(handlers, job, { signal: new AbortController().signal });
    } catch (error) {
      if (job.attempts < job.maxAttempts) log.warn({ ...context, err: error }, 'job failed; will retry');
      else log.error({ ...context, err: error }, 'job failed; no attempts left');
      await record(job, () => queue.fail(job, errorMessage(error)));
      return;
    }
    log.debug({ ...context, outcome }, 'job finished');
    await record(job, () => queue.complete(job));
  };

  const loop = async () => {
    while (!stopping) {
      const wakeupsBefore = wakeups;
      const job = await claim();
      if (job) await run(job);
      // A wake-up during the claim may be for a job the claim just missed: look again rather than sleep.
      else if (!stopping && wakeups === wakeupsBefore) await sleep(pollIntervalMs);
    }
  };

  const unsubscribe = queue.onEnqueue(wake);
  const loops = Array.from({ length: concurrency }, loop);
  let stopped: Promise<void> | undefined;

  return {
    wake,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        unsubscribe();
        wake();
        await Promise.all(loops);
      })();
      return stopped;
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { JobHandlers, JobName, JobOutcome, JobRun } from './catalogue';
import type { ClaimedJob, JobQueue } from './job-queue';

/** Short, so a job whose instance died is taken over within seconds; a heartbeat renews it while the job runs. */
const DEFAULT_LEASE_MS = 30_000;
/** Renewals per lease: a renewal or two may fail (a slow database) before the lease runs out. */
const HEARTBEATS_PER_LEASE = 3;

export interface JobWorkerOptions {
  queue: JobQueue;
  handlers: JobHandlers;
  log: FastifyBaseLogger;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** How long to wait before looking again when nothing is due; enqueues through `queue` wake it sooner. */
  pollIntervalMs?: number;
  /**
   * How long a claim holds without a renewal. While a job runs its lease is renewed every third of this; once
   * it lapses another worker may take the job over, and this one aborts the handler.
   */
  leaseMs?: number;
}

export interface JobWorker {
  /** Looks for due jobs now instead of at the next poll. */
  wake(): void;
  /**
   * Stops claiming, aborts the jobs in progress and queues them again without counting the attempt; resolves once
   * their handlers have returned. A handler that finishes its work anyway completes its job.
   */
  stop(): Promise<void>;
}

/** Abort reasons: the handler sees them as `signal.reason`, the worker decides from them what to record. */
class WorkerStoppingError extends Error {
  constructor() {
    super('The server is shutting down; the job is queued again.');
  }
}
class LeaseLostError extends Error {}

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
  leaseMs = DEFAULT_LEASE_MS,
}: JobWorkerOptions): JobWorker {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer, not ${concurrency}`);
  }
  let stopping = false;
  let wakeups = 0;
  const sleepers = new Set<() => void>();
  const inProgress = new Set<AbortController>();

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

  /** Renews the job's lease until the returned stop is called; aborts the job once the lease is lost. */
  const keepLease = (job: ClaimedJob, controller: AbortController): (() => void) => {
    let leaseStart = performance.now();
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const renew = async () => {
      const sent = performance.now();
      try {
        if (await queue.extendLease(job, leaseMs)) leaseStart = sent;
        else controller.abort(new LeaseLostError('Another worker took the job over.'));
      } catch (error) {
        log.warn({ err: error, jobId: job.id, jobName: job.name }, 'could not renew the lease of a job');
        if (performance.now() - leaseStart >= leaseMs) {
          controller.abort(new LeaseLostError('The lease could not be renewed in time.'));
        }
      }
      // A renewal that was under way when the job ended must not start another.
      if (!stopped && !controller.signal.aborted) schedule();
    };
    const schedule = () => {
      timer = setTimeout(() => void renew(), leaseMs / HEARTBEATS_PER_LEASE);
      timer.unref();
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  };

  const run = async (job: ClaimedJob) => {
    const context = { jobId: job.id, jobName: job.name, attempt: job.attempts, maxAttempts: job.maxAttempts };
    const controller = new AbortController();
    inProgress.add(controller);
    const stopLease = keepLease(job, controller);
    let outcome: JobOutcome;
    try {
      outcome = await dispatch(handlers, job, { signal: controller.signal });
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      if (reason instanceof WorkerStoppingError) {
        log.info(context, 'job interrupted by shutdown; queued again');
        await record(job, () => queue.release(job));
      } else if (reason instanceof LeaseLostError) {
        log.warn({ ...context, err: reason }, 'job stopped: this worker lost its lease');
      } else {
        if (job.attempts < job.maxAttempts) log.warn({ ...context, err: error }, 'job failed; will retry');
        else log.error({ ...context, err: error }, 'job failed; no attempts left');
        await record(job, () => queue.fail(job, errorMessage(error)));
      }
      return;
    } finally {
      stopLease();
      inProgress.delete(controller);
    }
    log.debug({ ...context, outcome }, 'job finished');
    await record(job, () => queue.complete(job));
  };

  const loop = async () => {
    while (!stopping) {
      const wakeupsBefore = wakeups;
      const job = await claim();
      // A claim that was under way when stop() came in hands its job straight back.
      if (job && stopping) await record(job, () => queue.release(job));
      else if (job) await run(job);
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
        for (const controller of inProgress) controller.abort(new WorkerStoppingError());
        await Promise.all(loops);
      })();
      return stopped;
    },
  };
}

import type { Db } from '../db/database';
import { forUpdateSkipLocked } from '../db/dialect';
import type { EventBus } from '../events/event-bus';
import type { JobName, JobPayloads } from './catalogue';
import { newId } from '../ids';

const DEFAULT_MAX_ATTEMPTS = 5;
const FIRST_RETRY_MS = 5_000;
const RETRY_GROWTH = 5;
const MAX_RETRY_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 2_000;

/** Claimed in this order: a due job waits for every due job of a smaller number. */
export const JOB_PRIORITY = { normal: 0, background: 1 } as const;

export interface EnqueueOptions {
  /**
   * At most one job with this key waits to run: enqueueing while one is queued is a no-op. A job that has
   * started (or failed for good) gives its key up, so a change made while it runs still gets a run of its own.
   */
  uniqueKey?: string;
  runAfter?: Date;
  maxAttempts?: number;
  /** Work nobody is waiting on (a speech recogniser's transcript) is `background`: it goes after the rest. */
  priority?: keyof typeof JOB_PRIORITY;
  /** A transaction (`trx`): the job then exists only if the writes it belongs with commit. */
  db?: Db;
}

/** A job a worker has taken. `attempts` includes this run. */
export interface ClaimedJob {
  id: string;
  /** Not a JobName: the row may come from a newer version of the server that knows more jobs. */
  name: string;
  payloadJson: string;
  attempts: number;
  maxAttempts: number;
}

export interface JobQueue {
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<void>;
  /**
   * Takes the oldest due job of the first priority that has one, or one whose worker's lease ran out, and leases
   * it for `leaseMs`.
   */
  claim(leaseMs: number): Promise<ClaimedJob | undefined>;
  /**
   * Renews the lease of a job still running: `leaseMs` from now. False when the job is no longer this worker's
   * (its lease expired and another worker took it over), and the worker must then stop it.
   */
  extendLease(job: ClaimedJob, leaseMs: number): Promise<boolean>;
  /** Removes the job. A worker whose lease expired and whose job was taken over changes nothing. */
  complete(job: ClaimedJob): Promise<void>;
  /** Queues the job again after a backoff, or marks it failed once its attempts are used up. */
  fail(job: ClaimedJob, error: string): Promise<void>;
  /**
   * Queues a job interrupted on purpose (the worker is stopping) again at once, in its old place and without
   * counting the attempt: it did not fail.
   */
  release(job: ClaimedJob): Promise<void>;
  /**
   * Calls `listener` after every enqueue made through this queue; given `wakeups`, once the enqueue's transaction
   * has committed, and after the enqueues of every instance too. Returns the unsubscribe.
   */
  onEnqueue(listener: () => void): () => void;
}

/** How enqueues reach workers in other instances, after their commit (the event bus). */
export type JobWakeups = Pick<EventBus, 'wakeJobWorkers' | 'onJobWorkersWoken'>;

/** 5 s, 25 s, ~2 min, ~10 min, ~52 min, then hourly. */
function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * RETRY_GROWTH ** (attempts - 1), MAX_RETRY_MS);
}

function isoAfter(start: Date, ms: number): string {
  return new Date(start.getTime() + ms).toISOString();
}

/** Without `wakeups`, only this queue's own listeners hear of its enqueues, as soon as each is written (inside a
 * transaction, before it commits). */
function ownWakeups(): JobWakeups {
  const listeners = new Set<() => void>();
  return {
    async wakeJobWorkers() {
      for (const listener of listeners) listener();
    },
    onJobWorkersWoken(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function createJobQueue(db: Db, options: { now?: () => Date; wakeups?: JobWakeups } = {}): JobQueue {
  const now = options.now ?? (() => new Date());
  const wakeups = options.wakeups ?? ownWakeups();

  // `attempts` is the claim's fencing token: a late worker whose job was reclaimed no longer matches the row.
  const ownedRow = (job: ClaimedJob) =>
    db
      .updateTable('jobs')
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('attempts', '=', job.attempts);

  return {
    async enqueue(
      name,
      payload,
      { uniqueKey, runAfter, maxAttempts = DEFAULT_MAX_ATTEMPTS, priority = 'normal', db: target = db } = {},
    ) {
      if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
        throw new RangeError(`maxAttempts must be a positive integer, not ${maxAttempts}`);
      }
      const start = now();
      const at = start.toISOString();
      if (uniqueKey !== undefined) {
        // Only a job still to start holds its key; one that is running (on a live lease) or failed lets it go.
        await target
          .updateTable('jobs')
          .set({ unique_key: null, updated_at: at })
          .where('unique_key', '=', uniqueKey)
          .where((eb) =>
            eb.or([
              eb('status', '=', 'failed'),
              eb.and([eb('status', '=', 'running'), eb('locked_until', '>=', at)]),
            ]),
          )
          .execute();
      }
      await target
        .insertInto('jobs')
        .values({
          id: newId(),
          name,
          payload_json: JSON.stringify(payload),
          unique_key: uniqueKey ?? null,
          status: 'queued',
          max_attempts: maxAttempts,
          priority: JOB_PRIORITY[priority],
          run_after: (runAfter ?? start).toISOString(),
          locked_until: null,
          last_error: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((conflict) => conflict.column('unique_key').doNothing())
        .execute();
      await wakeups.wakeJobWorkers(target);
    },

    async claim(leaseMs) {
      for (;;) {
        const start = now();
        const at = start.toISOString();
        const due = db
          .selectFrom('jobs')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', at)]),
              eb.and([eb('status', '=', 'running'), eb('locked_until', '<', at)]),
            ]),
          )
          .orderBy('priority')
          .orderBy('run_after')
          .orderBy('created_at')
          .orderBy('id')
          .limit(1);
        const row = await db
          .updateTable('jobs')
          .set((eb) => ({
            status: 'running',
            attempts: eb('attempts', '+', 1),
            locked_until: isoAfter(start, leaseMs),
            updated_at: at,
          }))
          .where('id', '=', forUpdateSkipLocked(db, due))
          .returning(['id', 'name', 'payload_json', 'attempts', 'max_attempts'])
          .executeTakeFirst();
        if (!row) return undefined;
        const job: ClaimedJob = {
          id: row.id,
          name: row.name,
          payloadJson: row.payload_json,
          attempts: Number(row.attempts),
          maxAttempts: Number(row.max_attempts),
        };
        if (job.attempts <= job.maxAttempts) return job;
        // Only a job whose worker died during its last attempt gets here; running it again could kill this one too.
        await ownedRow(job)
          .set({
            status: 'failed',
            attempts: job.maxAttempts,
            locked_until: null,
            last_error: `The worker stopped during the last of ${job.maxAttempts} attempts (its lease expired).`,
            updated_at: at,
          })
          .execute();
      }
    },

    async extendLease(job, leaseMs) {
      const start = now();
      const result = await ownedRow(job)
        .set({ locked_until: isoAfter(start, leaseMs), updated_at: start.toISOString() })
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async complete(job) {
      await db
        .deleteFrom('jobs')
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .where('attempts', '=', job.attempts)
        .execute();
    },

    async fail(job, error) {
      const lastError = error.slice(0, MAX_ERROR_LENGTH);
      const start = now();
      const at = start.toISOString();
      await ownedRow(job)
        .set(
          job.attempts < job.maxAttempts
            ? {
                status: 'queued',
                run_after: isoAfter(start, retryDelayMs(job.attempts)),
                locked_until: null,
                last_error: lastError,
                updated_at: at,
              }
            : { status: 'failed', locked_until: null, last_error: lastError, updated_at: at },
        )
        .execute();
    },

    async release(job) {
      await ownedRow(job)
        .set((eb) => ({
          status: 'queued',
          attempts: eb('attempts', '-', 1),
          locked_until: null,
          updated_at: now().toISOString(),
        }))
        .execute();
    },

    onEnqueue: (listener) => wakeups.onJobWorkersWoken(listener),
  };
}

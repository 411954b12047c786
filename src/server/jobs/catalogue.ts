/**
 * Every background job and its payload. Payloads are stored as JSON, so they hold ids, not records: a handler reads
 * the current state when it runs and must be idempotent, because a job can run again after a crash or a retry.
 */
export interface JobPayloads {
  'media.render-speech': { assetId: string };
  'autosave.recover-abandoned': Record<string, never>;
  'images.reencode-legacy': Record<string, never>;
  /** Stored objects whose rows are gone (a deleted account's), removed again in case the first removal failed. */
  'storage.remove-objects': { prefixes: string[]; keys: string[] };
  /** A conversation's post re-rendered without the voice of someone who left it or deleted their account. */
  'posts.retake-conversation-voices': { postId: string };
}

export type JobName = keyof JobPayloads;

/** A handler throws to fail; the queue retries it with backoff until its attempts run out. */
export type JobOutcome = 'done' | 'skipped';

export interface JobRun {
  /** Aborted when the worker stops or loses the job: stop the work (kill its processes) and throw. */
  signal: AbortSignal;
}

export type JobHandlers = {
  [N in JobName]: (payload: JobPayloads[N], run: JobRun) => Promise<JobOutcome>;
};

import type { Post } from '@shared/contract/posts';
import type { Db } from '../../../src/server/db/database';
import type { JobName } from '../../../src/server/jobs/catalogue';

/** Polls `check` until it returns a value, failing after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Until no job is waiting or running: background work (renditions of posts a test has already deleted, say) is
 * done writing to the store. A job not due before this wait would give up (the next round of a post's likes, an
 * hour away) is not waited for.
 */
export function waitForIdleJobs(db: Db, timeoutMs = 60_000): Promise<true> {
  const dueBy = new Date(Date.now() + timeoutMs).toISOString();
  return waitFor(
    async () => {
      const busy = await db
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .where('run_after', '<=', dueBy)
        .execute();
      return busy.length === 0 ? true : undefined;
    },
    timeoutMs,
    'the background jobs to finish',
  );
}

/** Until no job named `name` is waiting or running (others, such as a removal queued for later, may be). */
export function waitForJobsNamed(db: Db, name: JobName, timeoutMs = 60_000): Promise<true> {
  return waitFor(
    async () => {
      const busy = await db
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', name)
        .where('status', 'in', ['queued', 'running'])
        .execute();
      return busy.length === 0 ? true : undefined;
    },
    timeoutMs,
    `the ${name} jobs to finish`,
  );
}

/** The post once its speech rendition is listed among its sources, read through `readPost` as the test's viewer. */
export function waitForRendition(
  readPost: () => Promise<Post>,
  timeoutMs = 60_000,
  what = 'the speech rendition',
): Promise<Post> {
  return waitFor(
    async () => {
      const current = await readPost();
      return current.audioSources.length === 2 ? current : undefined;
    },
    timeoutMs,
    what,
  );
}

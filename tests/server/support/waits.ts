import type { Post } from '@shared/contract/posts';

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

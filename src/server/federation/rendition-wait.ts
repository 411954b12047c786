import type { JobPayloads } from '../jobs/catalogue';
import type { JobQueue } from '../jobs/job-queue';

/**
 * A new recording's AAC rendition (what Mastodon and Safari play) is rendered in seconds; what carries the recording
 * to other servers waits for it this long at most, then sends the original rather than nothing.
 */
const RENDITION_WAIT_MS = 3_000;
const RENDITION_WAITS = 100;

/**
 * Whether a federation job waits for its recording's rendition: then it is queued again to run a little later
 * (counting its waits), and sends nothing now.
 */
export async function waitsForRendition<N extends 'federation.post' | 'federation.reply'>(
  jobs: JobQueue,
  name: N,
  payload: JobPayloads[N],
  audio: { rendition_key: string | null },
): Promise<boolean> {
  const waits = payload.waits ?? 0;
  if (audio.rendition_key || waits >= RENDITION_WAITS) return false;
  await jobs.enqueue(
    name,
    { ...payload, waits: waits + 1 },
    { runAfter: new Date(Date.now() + RENDITION_WAIT_MS) },
  );
  return true;
}

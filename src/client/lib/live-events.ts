/**
 * The app's one live event stream (GET /api/events) is opened by the notifications feature; the events it does not
 * handle itself (conversations) are passed on here, so another feature can follow them without a second stream.
 * `stream-opened` follows every (re)connection: what carries no catch-up is reloaded then.
 */
export const LIVE_STREAM_OPENED = 'stream-opened';

type LiveListener = (data: unknown) => void;

const listeners = new Map<string, Set<LiveListener>>();

/** Calls `listener` with each `name` event's parsed data until the returned function is called. */
export function onLiveEvent(name: string, listener: LiveListener): () => void {
  const set = listeners.get(name) ?? new Set<LiveListener>();
  listeners.set(name, set);
  set.add(listener);
  return () => set.delete(listener);
}

export function emitLiveEvent(name: string, data: unknown): void {
  for (const listener of listeners.get(name) ?? []) listener(data);
}

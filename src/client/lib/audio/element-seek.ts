/** Where each element goes once the seek under way ends: the last one asked for. */
const queuedSeeks = new WeakMap<HTMLMediaElement, number>();

/** Where `audio` stands, or where it is about to go once the seek under way ends. */
export function positionOf(audio: HTMLMediaElement): number {
  return queuedSeeks.get(audio) ?? audio.currentTime;
}

/**
 * Moves `audio` to `seconds`. Chromium can be left seeking for good, or stalled just past where it landed, without
 * loading another byte: by seeks made one over another (three arrow keys and Space in 30 ms left the embed so in 8 of
 * 150 tries), and by a seek to where the element already is followed by more and a play. So a seek asked for during
 * another waits for it to end, only the last of those is made, and one to where the element stands is not made.
 */
export function seekElement(audio: HTMLMediaElement, seconds: number): void {
  if (audio.seeking) {
    if (!queuedSeeks.has(audio)) waitForTheSeekUnderWay(audio);
    queuedSeeks.set(audio, seconds);
    return;
  }
  queuedSeeks.delete(audio);
  if (audio.currentTime !== seconds) audio.currentTime = seconds;
}

function waitForTheSeekUnderWay(audio: HTMLMediaElement): void {
  const listening = new AbortController();
  const { signal } = listening;
  audio.addEventListener(
    'seeked',
    () => {
      listening.abort();
      const next = queuedSeeks.get(audio);
      queuedSeeks.delete(audio);
      if (next !== undefined) seekElement(audio, next);
    },
    { signal },
  );
  // A new source ends the seek under way without a `seeked`: what was queued for the old one is dropped.
  audio.addEventListener(
    'emptied',
    () => {
      listening.abort();
      queuedSeeks.delete(audio);
    },
    { signal },
  );
}

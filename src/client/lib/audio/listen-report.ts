/** Heard this long (seeking aside), a play counts as a listen. */
export const LISTEN_THRESHOLD_SECONDS = 5;
/**
 * A larger step between two time updates is a jump (a seek, a skip), not listening. Browsers send them about four
 * times a second, less often in a background tab.
 */
const MAX_HEARD_STEP_SECONDS = 2;

/** Sends the seconds heard since the last report; `keepalive` when the page may be going away. */
export type SendListen = (seconds: number, keepalive: boolean) => void;

/**
 * Tells the server how long the post `element` plays was listened to in this page view, for its stats: once 5
 * seconds have been heard, then what was heard since whenever playback stops (pause, end, leaving the page). The
 * server adds the seconds up, counts one listen a day and ignores the owner's own plays. Returns the detach, which
 * reports what is left (leaving the player while it plays).
 */
export function attachListenReport(element: HTMLAudioElement, send: SendListen): () => void {
  let heard = 0;
  let reported = 0;
  let lastTime: number | null = null;

  const report = (keepalive = false) => {
    const seconds = Math.round((heard - reported) * 10) / 10;
    if (heard < LISTEN_THRESHOLD_SECONDS || seconds <= 0) return;
    reported = heard;
    send(seconds, keepalive);
  };

  const onTime = () => {
    const now = element.currentTime;
    if (element.paused || element.seeking) {
      lastTime = null;
      return;
    }
    if (lastTime !== null) {
      const step = now - lastTime;
      if (step > 0 && step <= MAX_HEARD_STEP_SECONDS) heard += step;
    }
    lastTime = now;
    if (reported === 0 && heard >= LISTEN_THRESHOLD_SECONDS) report();
  };
  const onJump = () => {
    lastTime = null;
  };
  const onPlaying = () => {
    lastTime = element.currentTime;
  };
  const onStop = () => {
    lastTime = null;
    report();
  };
  const onPageHide = () => report(true);

  const events: [string, () => void][] = [
    ['timeupdate', onTime],
    ['seeking', onJump],
    ['playing', onPlaying],
    ['pause', onStop],
    ['ended', onStop],
  ];
  for (const [name, listener] of events) element.addEventListener(name, listener);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    for (const [name, listener] of events) element.removeEventListener(name, listener);
    window.removeEventListener('pagehide', onPageHide);
    report(true);
  };
}

import { useEffect } from 'react';
import { apiRequest } from '@client/lib/api-client';

/** Heard this long (seeking aside), a play counts as a listen. */
export const LISTEN_THRESHOLD_SECONDS = 5;
/**
 * A larger step between two time updates is a jump (a seek, a skip), not listening. Browsers send them about four
 * times a second, less often in a background tab.
 */
const MAX_HEARD_STEP_SECONDS = 2;

/**
 * Tells the server how long a post was listened to in this page view, for its stats: once 5 seconds have been heard, then what was heard since whenever playback stops (pause, end, leaving the
 * page or the player). The server adds the seconds up, counts one listen a day and ignores the owner's own plays.
 * Reports are best effort: a failed one is dropped without a word.
 */
export function useListenReport(element: HTMLAudioElement | null, postId: string | null) {
  useEffect(() => {
    if (!element || !postId) return;
    let heard = 0;
    let reported = 0;
    let lastTime: number | null = null;

    const report = (keepalive = false) => {
      const seconds = Math.round((heard - reported) * 10) / 10;
      if (heard < LISTEN_THRESHOLD_SECONDS || seconds <= 0) return;
      reported = heard;
      apiRequest('recordListen', { params: { id: postId }, body: { seconds }, keepalive }).catch(
        () => undefined,
      );
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
      // Leaving the player (another page of the app) while it plays.
      report(true);
    };
  }, [element, postId]);
}

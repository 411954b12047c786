import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { apiRequest } from '@client/lib/api-client';
import { RESUME_MIN_DURATION_S, savedPosition, savePosition } from '@client/lib/audio/playback-preferences';
import { changeCachedPost } from '@client/lib/cached-posts';
import { queryClient } from '@client/lib/query-client';

const RESUME_SAVE_EVERY_S = 5;
/** Within this much of the end, a pod counts as finished and starts over next time. */
const RESUME_END_MARGIN_S = 15;
const RESUME_NOTE_MS = 8000;
/** A position chosen while paused (a seek, a key held down) is sent once the listener stops moving it. */
const SETTLE_MS = 1000;

export interface ResumePosition {
  /** Set when the player picked up where the listener left off; fades after a few seconds. */
  resumedAt: number | null;
  /** Before the first play: where pressing play will pick up. */
  resumeOffer: number | null;
  /**
   * Remembers where the player is: every few seconds while playing; a position the listener is still moving (a seek)
   * once it has `settled`; where they paused, `now`.
   */
  remember: (seconds: number, when?: 'settled' | 'now') => void;
  /** On the first play of this post: where the listener left off, if they did and have not moved since. */
  takeResumePoint: (currentTime: number) => number | null;
  /** The listener chose a position themselves: no resuming over it. */
  skipResume: () => void;
  /** The post was heard to the end: next time starts over. */
  forget: () => void;
}

/**
 * Spec §4: long pods remember, per post, where the listener left off, in this browser. A signed-in listener's
 * position in any published post is kept on the server instead (`keptOnServer`, issue 29) and offered on each of
 * their devices: `serverResumeAt` is what the server last said of it (null: from the start).
 */
export function useResumePosition(
  id: string,
  durationRef: RefObject<number>,
  keptOnServer: boolean,
  serverResumeAt: number | null,
): ResumePosition {
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const checkedFor = useRef<string | null>(null);
  const lastSaved = useRef(0);
  const server = useServerPosition(id, keptOnServer);

  const startingPoint = useCallback(() => {
    const total = durationRef.current;
    if (keptOnServer) return serverResumeAt !== null && serverResumeAt < total ? serverResumeAt : null;
    const saved = total > RESUME_MIN_DURATION_S ? savedPosition(id) : null;
    return saved !== null && saved < total - RESUME_END_MARGIN_S ? saved : null;
  }, [id, durationRef, keptOnServer, serverResumeAt]);
  const [resumeOffer, setResumeOffer] = useState<number | null>(null);
  useEffect(() => {
    setResumeOffer(checkedFor.current === id ? null : startingPoint());
  }, [id, startingPoint]);

  const remember = useCallback(
    (seconds: number, when?: 'settled' | 'now') => {
      if (!when && Math.abs(seconds - lastSaved.current) < RESUME_SAVE_EVERY_S) return;
      lastSaved.current = seconds;
      if (keptOnServer) {
        server.current?.send(seconds, when ?? 'now');
        return;
      }
      const total = durationRef.current;
      if (total <= RESUME_MIN_DURATION_S) return;
      savePosition(id, seconds > 1 && seconds < total - RESUME_END_MARGIN_S ? seconds : null);
    },
    [id, durationRef, keptOnServer, server],
  );

  const takeResumePoint = useCallback(
    (currentTime: number) => {
      if (checkedFor.current === id) return null;
      checkedFor.current = id;
      setResumeOffer(null);
      const saved = startingPoint();
      if (saved === null || currentTime >= 1) return null;
      setResumedAt(saved);
      return saved;
    },
    [id, startingPoint],
  );

  const skipResume = useCallback(() => {
    checkedFor.current = id;
    setResumeOffer(null);
  }, [id]);

  const forget = useCallback(() => {
    // Heard to the end: the server marks it heard (and offers no resuming); this browser forgets it.
    if (keptOnServer) server.current?.send(durationRef.current, 'now');
    else savePosition(id, null);
  }, [id, durationRef, keptOnServer, server]);

  useEffect(() => {
    if (resumedAt === null) return;
    const timer = setTimeout(() => setResumedAt(null), RESUME_NOTE_MS);
    return () => clearTimeout(timer);
  }, [resumedAt]);

  return { resumedAt, resumeOffer, remember, takeResumePoint, skipResume, forget };
}

interface ServerPosition {
  /** `now`, or once it has `settled` (no other position for a second); the last one is sent on leaving. */
  send: (seconds: number, when: 'now' | 'settled') => void;
  /** Sends a position not yet sent. */
  flush: () => void;
}

/**
 * Sends where the player stands to the server, best effort (a failed save is dropped without a word), through the
 * ref it answers: empty when the position is kept in this browser.
 */
function useServerPosition(id: string, enabled: boolean): RefObject<ServerPosition | null> {
  const sender = useRef<ServerPosition | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const current = positionSender(id);
    sender.current = current;
    const onPageHide = () => current.flush();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      sender.current = null;
      // Leaving the player (another page of the app) with a position not yet sent.
      current.flush();
    };
  }, [id, enabled]);
  return sender;
}

function positionSender(id: string): ServerPosition {
  let pending: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    if (pending === null) return;
    const at = Math.round(pending * 10) / 10;
    pending = null;
    // Kept alive: a listener who pauses and closes the page at once still has their place kept.
    apiRequest('saveListening', { params: { id }, body: { at }, keepalive: true })
      // Every cached copy of the post says where its listener now stands (lists keep their data until reloaded).
      .then((listening) => changeCachedPost(queryClient, id, (post) => ({ ...post, listening })))
      .catch(() => undefined);
  };
  return {
    flush,
    send(seconds, when) {
      pending = seconds;
      clearTimeout(timer);
      if (when === 'now') flush();
      else timer = setTimeout(flush, SETTLE_MS);
    },
  };
}

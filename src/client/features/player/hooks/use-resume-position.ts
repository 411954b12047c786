import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { RESUME_MIN_DURATION_S, savedPosition, savePosition } from '@client/lib/audio/playback-preferences';

const RESUME_SAVE_EVERY_S = 5;
/** Within this much of the end, a pod counts as finished and starts over next time. */
const RESUME_END_MARGIN_S = 15;
const RESUME_NOTE_MS = 8000;

export interface ResumePosition {
  /** Set when a long pod picked up where the listener left off; fades after a few seconds. */
  resumedAt: number | null;
  /** Remembers where a long pod is (every few seconds, or at once with `force`). */
  remember: (seconds: number, force?: boolean) => void;
  /** On the first play of this post: where the listener left off, if they did and have not moved since. */
  takeResumePoint: (currentTime: number) => number | null;
  /** The listener chose a position themselves: no resuming over it. */
  skipResume: () => void;
  /** The pod was heard to the end: next time starts over. */
  forget: () => void;
}

/** Spec §4: long pods remember, per post, where the listener left off. */
export function useResumePosition(id: string, duration: RefObject<number>): ResumePosition {
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const checkedFor = useRef<string | null>(null);
  const lastSaved = useRef(0);

  const remember = useCallback(
    (seconds: number, force = false) => {
      const total = duration.current;
      if (total <= RESUME_MIN_DURATION_S) return;
      if (!force && Math.abs(seconds - lastSaved.current) < RESUME_SAVE_EVERY_S) return;
      lastSaved.current = seconds;
      savePosition(id, seconds > 1 && seconds < total - RESUME_END_MARGIN_S ? seconds : null);
    },
    [id, duration],
  );

  const takeResumePoint = useCallback(
    (currentTime: number) => {
      if (checkedFor.current === id) return null;
      checkedFor.current = id;
      const total = duration.current;
      const saved = total > RESUME_MIN_DURATION_S ? savedPosition(id) : null;
      if (saved === null || saved >= total - RESUME_END_MARGIN_S || currentTime >= 1) return null;
      setResumedAt(saved);
      return saved;
    },
    [id, duration],
  );

  const skipResume = useCallback(() => {
    checkedFor.current = id;
  }, [id]);

  const forget = useCallback(() => savePosition(id, null), [id]);

  useEffect(() => {
    if (resumedAt === null) return;
    const timer = setTimeout(() => setResumedAt(null), RESUME_NOTE_MS);
    return () => clearTimeout(timer);
  }, [resumedAt]);

  return { resumedAt, remember, takeResumePoint, skipResume, forget };
}

import { useEffect, useRef, useState } from 'react';

/** Spec §9: 3 seconds, shown as 3, 2, 1, then GO. */
export const COUNTDOWN_FROM = 3;
const STEP_MS = 1000;

/**
 * Counts down from 3 as soon as the calling component mounts: 3, 2, 1, then 0 (shown as GO), when `onDone` runs
 * once. Mount it again to count again.
 */
export function useCountdown(onDone: () => void): number {
  const [value, setValue] = useState(COUNTDOWN_FROM);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    let remaining = COUNTDOWN_FROM;
    const timer = window.setInterval(() => {
      remaining -= 1;
      setValue(remaining);
      if (remaining <= 0) {
        window.clearInterval(timer);
        onDoneRef.current();
      }
    }, STEP_MS);
    return () => window.clearInterval(timer);
  }, []);

  return value;
}

import { useEffect } from 'react';

/** Ends a take by itself once it reaches `limitSeconds`, the longest the server takes for it. */
export function useStopAtLimit(
  recorder: { status: string; elapsedSeconds: number },
  limitSeconds: number,
  stop: () => unknown,
): void {
  const atLimit = recorder.status === 'recording' && recorder.elapsedSeconds >= limitSeconds;
  useEffect(() => {
    if (atLimit) void stop();
  }, [atLimit, stop]);
}

import { useCallback, useSyncExternalStore } from 'react';
import type { PlayheadClock } from '../lib/playhead-clock';

/**
 * The clock's position floored to `grainMs` while `live` (else null): the caller re-renders only when that
 * changes, e.g. ten times a second for a display in tenths.
 */
export function usePlayheadGrain(clock: PlayheadClock, grainMs: number, live: boolean): number | null {
  const snapshot = useCallback(() => (live ? Math.floor(clock.ms / grainMs) : null), [clock, grainMs, live]);
  const grain = useSyncExternalStore(clock.subscribe, snapshot);
  return grain === null ? null : grain * grainMs;
}

import { usePlayheadGrain } from '../hooks/use-playhead-grain';
import type { PlayheadClock } from '../lib/playhead-clock';
import { formatEditorTime } from '../lib/time';

interface PlayheadTimeProps {
  clock: PlayheadClock;
  playing: boolean;
  /** Where the playhead rests while paused. */
  playhead: number;
}

/** The playhead's time in tenths: while playing it renders ten times a second, not every frame. */
export function PlayheadTime({ clock, playing, playhead }: PlayheadTimeProps) {
  const live = usePlayheadGrain(clock, 100, playing);
  return <>{formatEditorTime(live ?? playhead)}</>;
}

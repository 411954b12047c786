import { AudioPreview } from '@client/components/audio-preview';
import { formatDuration, formatDurationWords } from '@client/lib/format';

const LABELS = { play: 'Play your reply', pause: 'Pause your reply', seek: 'Seek in your reply' };

interface TakePreviewProps {
  blob: Blob;
  /** The recorder's count: recorded WebM carries no duration of its own. */
  seconds: number;
  /** Levels sampled while recording (20 a second). */
  levels: readonly number[];
  className?: string;
}

/**
 * Spec §4 "comment ready": the take, playable before it is posted. Like the shared player, only one sound plays
 * at a time: starting this pauses any other audio on the page, and any other starting pauses this.
 */
export function TakePreview({ blob, seconds, levels, className }: TakePreviewProps) {
  return (
    <AudioPreview
      blob={blob}
      seconds={seconds}
      levels={levels}
      labels={LABELS}
      formatTime={formatDuration}
      formatSpokenTime={formatDurationWords}
      seekStepSeconds={2}
      barCount={48}
      exclusive
      preload="auto"
      restingBarClassName="bg-foreground/20"
      lightAtBarCentre
      buttonClassName="hover:bg-primary/90"
      className={className}
    />
  );
}

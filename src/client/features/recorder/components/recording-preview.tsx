import { AudioPreview } from '@client/components/audio-preview';
import { cn } from '@client/lib/utils';
import { formatClock } from '@client/lib/format';

const LABELS = { play: 'Play preview', pause: 'Pause preview', seek: 'Seek in preview' };

interface RecordingPreviewProps {
  blob: Blob | null;
  /** Known length; recorded WebM carries none, so the recorder's count is used. 0 reads it from the file. */
  seconds: number;
  /** Levels sampled while recording, to draw the waveform; null draws a plain track. */
  levels: readonly number[] | null;
  /** Shown while `blob` is still being prepared (joining takes). */
  preparing?: boolean;
  className?: string;
}

/** A compact player for the recording before it is published: play/pause, a seekable waveform, the time. */
export function RecordingPreview({
  blob,
  seconds,
  levels,
  preparing = false,
  className,
}: RecordingPreviewProps) {
  return (
    <AudioPreview
      blob={blob}
      seconds={seconds}
      levels={levels && levels.length > 0 ? levels : null}
      preparing={preparing}
      labels={LABELS}
      formatTime={formatClock}
      seekStepSeconds={5}
      barFloor={0.06}
      wholeSeconds
      trackClassName="relative overflow-hidden"
      className={cn('rounded-2xl bg-secondary/70 p-3 pr-4', className)}
    />
  );
}

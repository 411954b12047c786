import { Square } from 'lucide-react';
import { formatClock, formatDurationWords } from '@client/lib/format';
import { cn } from '@client/lib/utils';
import { MicrophoneLevel } from './microphone-level';

interface LiveRecordingMeterProps {
  stream: MediaStream | null;
  elapsedSeconds: number;
  /** Shown as "0:12 / 0:30" and read as "of 30 seconds" when the recording has a limit the person should see. */
  limitSeconds?: number;
  onSample: (level: number) => void;
}

/** What a recording in progress shows: a pulsing dot, the time recorded so far and the microphone's level. */
export function LiveRecordingMeter({
  stream,
  elapsedSeconds,
  limitSeconds,
  onSample,
}: LiveRecordingMeterProps) {
  const limit = limitSeconds === undefined ? '' : ` of ${formatDurationWords(limitSeconds)}`;
  return (
    <>
      <span aria-hidden="true" className="relative flex size-2.5 shrink-0">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-destructive/60 motion-reduce:animate-none" />
        <span className="relative inline-flex size-2.5 rounded-full bg-destructive" />
      </span>
      <span
        role="timer"
        aria-label={`Recorded ${formatDurationWords(elapsedSeconds)}${limit}`}
        className={cn('shrink-0 text-sm font-semibold tabular-nums', limitSeconds === undefined && 'w-12')}
      >
        {formatClock(elapsedSeconds)}
        {limitSeconds !== undefined && (
          <span className="font-normal text-muted-foreground"> / {formatClock(limitSeconds)}</span>
        )}
      </span>
      <MicrophoneLevel
        stream={stream}
        onSample={onSample}
        restingOpacity={0.2}
        barInset={2}
        className="h-10 min-w-0 flex-1 text-destructive dark:text-red-400"
      />
    </>
  );
}

/** The round red stop button beside a LiveRecordingMeter. */
export function StopRecordingButton({ onStop, disabled }: { onStop: () => void; disabled: boolean }) {
  return (
    <button
      type="button"
      onClick={onStop}
      disabled={disabled}
      aria-label="Stop recording"
      title="Stop recording"
      className="grid size-11 shrink-0 cursor-pointer place-items-center rounded-full bg-destructive text-destructive-foreground shadow-soft ring-4 ring-destructive/15 transition-[transform,box-shadow] hover:ring-6 active:scale-95 disabled:cursor-wait disabled:opacity-60"
    >
      <Square className="size-4 fill-current" aria-hidden="true" />
    </button>
  );
}

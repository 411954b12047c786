import { useEffect, useRef, type ReactNode } from 'react';
import { Pause, Play, Square, X } from 'lucide-react';
import { MicrophoneLevel } from '@client/components/microphone-level';
import type { AutosaveStatus } from '@client/lib/audio/autosave';
import { cn } from '@client/lib/utils';
import { formatClock, formatDurationWords } from '@client/lib/format';
import { AutosaveIndicator } from './autosave-indicator';

interface LiveRecordingViewProps {
  title?: string;
  paused: boolean;
  stopping: boolean;
  /** This take, pauses excluded. */
  elapsedSeconds: number;
  /** Earlier takes of the same recording. */
  previousSeconds: number;
  takeNumber: number;
  stream: MediaStream | null;
  autosave?: AutosaveStatus;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
  onDiscard: () => void;
  onSample?: (level: number) => void;
  discardLabel?: string;
  stopLabel?: string;
}

/** Spec §2 Recorder view 4: mm:ss, pause, resume, stop, the autosave status and a live level meter. */
export function LiveRecordingView({
  title,
  paused,
  stopping,
  elapsedSeconds,
  previousSeconds,
  takeNumber,
  stream,
  autosave,
  onPause,
  onResume,
  onStop,
  onDiscard,
  onSample,
  discardLabel = 'Discard recording',
  stopLabel = 'Stop recording',
}: LiveRecordingViewProps) {
  const minuteMark = Math.floor(elapsedSeconds / 60);
  const stopRef = useRef<HTMLButtonElement>(null);
  useEffect(() => stopRef.current?.focus({ preventScroll: true }), []);
  return (
    <div className="@container flex flex-col items-center gap-5 text-center">
      <div className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <span
          className={cn(
            'inline-flex items-center gap-2 rounded-full px-3 py-1 text-xs font-semibold tracking-wide uppercase',
            paused ? 'bg-secondary text-secondary-foreground' : 'bg-destructive/10 text-destructive',
          )}
        >
          <span aria-hidden="true" className="relative flex size-2.5">
            {!paused && (
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-destructive/60 motion-reduce:animate-none" />
            )}
            <span
              className={cn(
                'relative inline-flex size-2.5 rounded-full',
                paused ? 'bg-muted-foreground' : 'bg-destructive',
              )}
            />
          </span>
          {paused ? 'Paused' : 'Recording'}
          {takeNumber > 1 && (
            <span className="font-medium normal-case opacity-80">· Segment {takeNumber}</span>
          )}
        </span>
        {autosave && <AutosaveIndicator status={autosave} />}
      </div>

      {title && (
        <p className="max-w-full truncate text-base font-semibold text-foreground" title={title}>
          {title}
        </p>
      )}

      <div>
        <p
          role="timer"
          aria-label={`Recorded ${formatDurationWords(elapsedSeconds)}`}
          className={cn(
            'text-5xl font-semibold tracking-tight tabular-nums transition-opacity @xs:text-6xl @md:text-7xl',
            paused && 'opacity-60',
          )}
        >
          {formatClock(elapsedSeconds)}
        </p>
        {previousSeconds > 0 && (
          <p className="mt-1 text-sm text-muted-foreground tabular-nums">
            {formatClock(previousSeconds + elapsedSeconds)} in total
          </p>
        )}
      </div>
      {/* Polite announcements: state changes and each full minute, never every second. */}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {paused
          ? `Paused at ${formatDurationWords(elapsedSeconds)}`
          : minuteMark > 0
            ? `Recording, ${formatDurationWords(minuteMark * 60)}`
            : 'Recording'}
      </p>

      <MicrophoneLevel
        stream={stream}
        paused={paused}
        onSample={onSample}
        className="relative h-20 w-full max-w-xl text-primary"
      />

      <div className="flex items-start justify-center gap-3 @xs:gap-6 @md:gap-10">
        <ControlButton label={discardLabel} caption="Discard" onClick={onDiscard} disabled={stopping}>
          <X className="size-6" aria-hidden="true" />
        </ControlButton>
        <div className="flex flex-col items-center gap-2">
          <button
            ref={stopRef}
            type="button"
            onClick={onStop}
            disabled={stopping}
            aria-label={stopLabel}
            className="group grid size-16 cursor-pointer @xs:size-20 place-items-center rounded-full bg-destructive text-destructive-foreground shadow-lifted ring-4 ring-destructive/15 transition-[transform,box-shadow] hover:ring-8 active:scale-95 disabled:cursor-wait disabled:opacity-60"
          >
            <Square className="size-6 fill-current @xs:size-7" aria-hidden="true" />
          </button>
          <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
            {stopping ? 'Saving…' : 'Stop'}
          </span>
        </div>
        {paused ? (
          <ControlButton label="Resume recording" caption="Resume" onClick={onResume} disabled={stopping}>
            <Play className="size-6 translate-x-px fill-current" aria-hidden="true" />
          </ControlButton>
        ) : (
          <ControlButton label="Pause recording" caption="Pause" onClick={onPause} disabled={stopping}>
            <Pause className="size-6 fill-current" aria-hidden="true" />
          </ControlButton>
        )}
      </div>
    </div>
  );
}

function ControlButton({
  label,
  caption,
  onClick,
  disabled,
  children,
}: {
  label: string;
  caption: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 pt-2 @xs:pt-3">
      <button
        type="button"
        onClick={onClick}
        disabled={disabled}
        aria-label={label}
        className="grid size-12 cursor-pointer place-items-center rounded-full border @xs:size-14 bg-card text-foreground shadow-soft transition-[background-color,transform] hover:bg-secondary active:scale-95 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {children}
      </button>
      <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
        {caption}
      </span>
    </div>
  );
}

import { Pause, Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '@client/lib/utils';
import { useObjectUrl } from '../hooks/use-object-url';
import { formatClock } from '../lib/format';

/** One bar per 5 px of width (3 px bar, 2 px gap), within these bounds. */
const MIN_BARS = 24;
const MAX_BARS = 72;
const SEEK_STEP_SECONDS = 5;

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

/** Averages the recorded levels into a fixed number of bars, normalised to the loudest. */
function toBars(levels: readonly number[], count: number): number[] {
  if (levels.length === 0) return [];
  const bars = Array.from({ length: count }, (_, bar) => {
    const from = Math.floor((bar * levels.length) / count);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * levels.length) / count));
    let sum = 0;
    for (let index = from; index < to; index++) sum += levels[Math.min(index, levels.length - 1)]!;
    return sum / (to - from);
  });
  const loudest = Math.max(...bars, 0.0001);
  return bars.map((value) => Math.max(0.06, value / loudest));
}

/** A compact player for the recording before it is published: play/pause, a seekable waveform, the time. */
export function RecordingPreview({
  blob,
  seconds,
  levels,
  preparing = false,
  className,
}: RecordingPreviewProps) {
  const url = useObjectUrl(blob);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [fileSeconds, setFileSeconds] = useState(0);
  const duration = Math.round(seconds > 0 ? seconds : fileSeconds);
  const [barCount, setBarCount] = useState(48);
  const trackRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      setBarCount(Math.min(MAX_BARS, Math.max(MIN_BARS, Math.floor(width / 5))));
    });
    observer.observe(track);
    return () => observer.disconnect();
  }, []);
  const bars = useMemo(
    () => (levels && levels.length > 0 ? toBars(levels, barCount) : null),
    [levels, barCount],
  );
  const progress = duration > 0 ? Math.min(1, current / duration) : 0;

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      const audio = audioRef.current;
      if (audio) setCurrent(audio.currentTime);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio || !url) return;
    if (audio.paused) {
      void audio.play().catch(() => setPlaying(false));
    } else {
      audio.pause();
    }
  };

  const seekTo = (time: number) => {
    const audio = audioRef.current;
    if (!audio || duration <= 0) return;
    const clamped = Math.min(Math.max(0, time), duration);
    audio.currentTime = clamped;
    setCurrent(clamped);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    seekTo(((event.clientX - rect.left) / rect.width) * duration);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = {
      ArrowRight: SEEK_STEP_SECONDS,
      ArrowUp: SEEK_STEP_SECONDS,
      ArrowLeft: -SEEK_STEP_SECONDS,
      ArrowDown: -SEEK_STEP_SECONDS,
    };
    if (event.key in steps) seekTo(current + steps[event.key]!);
    else if (event.key === 'Home') seekTo(0);
    else if (event.key === 'End') seekTo(duration);
    else return;
    event.preventDefault();
  };

  const disabled = !url || preparing;

  return (
    <div className={cn('flex items-center gap-3 rounded-2xl bg-secondary/70 p-3 pr-4', className)}>
      {url && (
        <audio
          ref={audioRef}
          src={url}
          preload="metadata"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => {
            setPlaying(false);
            setCurrent(0);
          }}
          onLoadedMetadata={(event) => {
            const value = event.currentTarget.duration;
            if (Number.isFinite(value)) setFileSeconds(value);
          }}
        />
      )}
      <button
        type="button"
        onClick={toggle}
        disabled={disabled}
        aria-label={playing ? 'Pause preview' : 'Play preview'}
        className="grid size-11 shrink-0 cursor-pointer place-items-center rounded-full bg-primary text-primary-foreground shadow-soft transition-transform active:scale-95 disabled:cursor-wait disabled:opacity-60"
      >
        {playing ? (
          <Pause className="size-5 fill-current" aria-hidden="true" />
        ) : (
          <Play className="size-5 translate-x-px fill-current" aria-hidden="true" />
        )}
      </button>
      <div
        ref={trackRef}
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label="Seek in preview"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(current)}
        aria-valuetext={`${formatClock(current)} of ${formatClock(duration)}`}
        aria-disabled={disabled}
        onPointerDown={disabled ? undefined : onPointerDown}
        onKeyDown={disabled ? undefined : onKeyDown}
        className="relative flex h-10 min-w-0 flex-1 cursor-pointer touch-none items-center gap-[2px] overflow-hidden rounded-md"
      >
        {bars ? (
          bars.map((height, index) => (
            <span
              key={index}
              aria-hidden="true"
              className={cn(
                'min-w-px flex-1 rounded-full transition-colors',
                index / bars.length < progress ? 'bg-primary' : 'bg-foreground/25',
              )}
              style={{ height: `${Math.round(height * 100)}%` }}
            />
          ))
        ) : (
          <span
            aria-hidden="true"
            className="relative h-1.5 w-full overflow-hidden rounded-full bg-foreground/15"
          >
            <span
              className="absolute inset-y-0 left-0 rounded-full bg-primary"
              style={{ width: `${progress * 100}%` }}
            />
          </span>
        )}
      </div>
      <span className="shrink-0 text-xs font-medium text-muted-foreground tabular-nums">
        {preparing ? 'Preparing…' : `${formatClock(current)} / ${formatClock(duration)}`}
      </span>
    </div>
  );
}

import { Pause, Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { positionOf, seekElement } from '@client/lib/audio/element-seek';
import { levelsToBars } from '@client/lib/levels';
import { useObjectUrl } from '@client/lib/use-object-url';
import { cn } from '@client/lib/utils';

/** Without a fixed `barCount`: one bar per 5 px of width (3 px bar, 2 px gap), within these bounds. */
const MIN_BARS = 24;
const MAX_BARS = 72;
const DEFAULT_BARS = 48;

export interface AudioPreviewProps {
  blob: Blob | null;
  /** Known length; recorded WebM carries none, so the recorder's count is used. 0 reads it from the file. */
  seconds: number;
  /** Levels sampled while recording, to draw the waveform; null draws a plain track. */
  levels: readonly number[] | null;
  /** Shown while `blob` is still being prepared (joining takes). */
  preparing?: boolean;
  /** Accessible names of the play/pause button and the seek slider. */
  labels: { play: string; pause: string; seek: string };
  /** The visible time. */
  formatTime: (seconds: number) => string;
  /** The slider's spoken time; the visible format when omitted. */
  formatSpokenTime?: (seconds: number) => string;
  /** How far the arrow keys move. */
  seekStepSeconds: number;
  /** A fixed number of bars; omitted, as many as fit the width. */
  barCount?: number;
  /** The lowest bar, relative to the loudest. */
  barFloor?: number;
  /** Round the length to whole seconds. */
  wholeSeconds?: boolean;
  /** Like the shared player, only one sound at a time: starting this pauses other audio, and the reverse. */
  exclusive?: boolean;
  preload?: 'auto' | 'metadata';
  /** Colour of the bars not yet played. */
  restingBarClassName?: string;
  /** A bar lights once playback reaches its centre rather than its start. */
  lightAtBarCentre?: boolean;
  buttonClassName?: string;
  trackClassName?: string;
  className?: string;
}

/** How far through the take `time` is, 0 to 1. */
const progressAt = (time: number, duration: number) => (duration > 0 ? Math.min(1, time / duration) : 0);

/** How many of `count` bars are lit at `progress` (0 to 1): those it has reached the start, or the centre, of. */
function litBars(progress: number, count: number, atCentre: boolean): number {
  const reached = progress * count;
  return Math.min(count, atCentre ? Math.floor(reached + 0.5) : Math.ceil(reached));
}

/** A compact player for a recording not yet published: play/pause, a seekable waveform, the time. */
export function AudioPreview({
  blob,
  seconds,
  levels,
  preparing = false,
  labels,
  formatTime,
  formatSpokenTime = formatTime,
  seekStepSeconds,
  barCount,
  barFloor,
  wholeSeconds = false,
  exclusive = false,
  preload = 'metadata',
  restingBarClassName = 'bg-foreground/25',
  lightAtBarCentre = false,
  buttonClassName,
  trackClassName,
  className,
}: AudioPreviewProps) {
  const url = useObjectUrl(blob);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [fileSeconds, setFileSeconds] = useState(0);
  const knownSeconds = seconds > 0 ? seconds : fileSeconds;
  const duration = wholeSeconds ? Math.round(knownSeconds) : knownSeconds;
  const [fitBarCount, setFitBarCount] = useState(DEFAULT_BARS);
  const count = barCount ?? fitBarCount;
  const trackRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const track = trackRef.current;
    if (!track || barCount !== undefined) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      setFitBarCount(Math.min(MAX_BARS, Math.max(MIN_BARS, Math.floor(width / 5))));
    });
    observer.observe(track);
    return () => observer.disconnect();
  }, [barCount]);
  const bars = useMemo(
    () => (levels ? levelsToBars(levels, count, barFloor) : null),
    [levels, count, barFloor],
  );
  const progress = progressAt(current, duration);
  const lit = bars ? litBars(progress, bars.length, lightAtBarCentre) : 0;

  useEffect(() => {
    if (!exclusive) return;
    const onOtherPlay = (event: Event) => {
      if (event.target !== audioRef.current) audioRef.current?.pause();
    };
    document.addEventListener('play', onOtherPlay, true);
    return () => document.removeEventListener('play', onOtherPlay, true);
  }, [exclusive]);

  const barTotal = bars?.length ?? 0;
  useEffect(() => {
    if (!playing) return;
    // A frame renders only when it changes what the preview shows: the bars lit (or the fill, to the pixel) and the
    // time read out; sixty renders a second of every bar cost a phone's battery for nothing.
    const fillWidth = trackRef.current?.clientWidth ?? 0;
    const shownAt = (time: number) => {
      const progress = progressAt(time, duration);
      const mark =
        barTotal > 0 ? litBars(progress, barTotal, lightAtBarCentre) : Math.round(progress * fillWidth);
      return `${mark} ${Math.round(time)} ${formatTime(time)} ${formatSpokenTime(time)}`;
    };
    let shown: string | null = null;
    let frame = 0;
    const tick = () => {
      const audio = audioRef.current;
      if (audio) {
        const position = positionOf(audio);
        const now = shownAt(position);
        if (now !== shown) {
          shown = now;
          setCurrent(position);
        }
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, duration, barTotal, lightAtBarCentre, formatTime, formatSpokenTime]);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio || !url) return;
    if (audio.paused) {
      if (exclusive)
        for (const other of document.querySelectorAll('audio')) if (other !== audio) other.pause();
      void audio.play().catch(() => setPlaying(false));
    } else {
      audio.pause();
    }
  };

  const seekTo = (time: number) => {
    const audio = audioRef.current;
    if (!audio || duration <= 0) return;
    const clamped = Math.min(Math.max(0, time), duration);
    seekElement(audio, clamped);
    setCurrent(clamped);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    seekTo(((event.clientX - rect.left) / rect.width) * duration);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = {
      ArrowRight: seekStepSeconds,
      ArrowUp: seekStepSeconds,
      ArrowLeft: -seekStepSeconds,
      ArrowDown: -seekStepSeconds,
    };
    if (event.key in steps) seekTo(current + steps[event.key]!);
    else if (event.key === 'Home') seekTo(0);
    else if (event.key === 'End') seekTo(duration);
    else return;
    event.preventDefault();
  };

  const disabled = !url || preparing;

  return (
    <div className={cn('flex items-center gap-3', className)}>
      {url && (
        <audio
          ref={audioRef}
          src={url}
          preload={preload}
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
        aria-label={playing ? labels.pause : labels.play}
        className={cn(
          'grid size-11 shrink-0 cursor-pointer place-items-center rounded-full bg-primary text-primary-foreground shadow-soft transition-transform active:scale-95 disabled:cursor-wait disabled:opacity-60',
          buttonClassName,
        )}
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
        aria-label={labels.seek}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(current)}
        aria-valuetext={`${formatSpokenTime(current)} of ${formatSpokenTime(duration)}`}
        aria-disabled={disabled}
        onPointerDown={disabled ? undefined : onPointerDown}
        onKeyDown={disabled ? undefined : onKeyDown}
        className={cn(
          'flex h-10 min-w-0 flex-1 cursor-pointer touch-none items-center gap-[2px] rounded-md',
          trackClassName,
        )}
      >
        {bars ? (
          bars.map((height, index) => (
            <span
              key={index}
              aria-hidden="true"
              className={cn(
                'min-w-px flex-1 rounded-full transition-colors',
                index < lit ? 'bg-primary' : restingBarClassName,
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
        {preparing ? 'Preparing…' : `${formatTime(current)} / ${formatTime(duration)}`}
      </span>
    </div>
  );
}

import { Pause, Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatDuration, formatDurationWords } from '@client/lib/format';
import { cn } from '@client/lib/utils';
import { useObjectUrl } from '../hooks/use-object-url';
import { levelsToBars } from '../lib/levels';

const BAR_COUNT = 48;
const SEEK_STEP_SECONDS = 2;

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
  const url = useObjectUrl(blob);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const bars = useMemo(() => levelsToBars(levels, BAR_COUNT), [levels]);
  const duration = seconds;
  const progress = duration > 0 ? Math.min(1, current / duration) : 0;

  useEffect(() => {
    const onOtherPlay = (event: Event) => {
      if (event.target !== audioRef.current) audioRef.current?.pause();
    };
    document.addEventListener('play', onOtherPlay, true);
    return () => document.removeEventListener('play', onOtherPlay, true);
  }, []);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      if (audioRef.current) setCurrent(audioRef.current.currentTime);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) {
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
    audio.currentTime = clamped;
    setCurrent(clamped);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    seekTo(((event.clientX - rect.left) / rect.width) * duration);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') seekTo(current + SEEK_STEP_SECONDS);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') seekTo(current - SEEK_STEP_SECONDS);
    else if (event.key === 'Home') seekTo(0);
    else if (event.key === 'End') seekTo(duration);
    else return;
    event.preventDefault();
  };

  return (
    <div className={cn('flex items-center gap-3', className)}>
      {url && (
        <audio
          ref={audioRef}
          src={url}
          preload="auto"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => {
            setPlaying(false);
            setCurrent(0);
          }}
        />
      )}
      <button
        type="button"
        onClick={toggle}
        disabled={!url}
        aria-label={playing ? 'Pause your reply' : 'Play your reply'}
        className="grid size-11 shrink-0 cursor-pointer place-items-center rounded-full bg-primary text-primary-foreground shadow-soft transition-transform hover:bg-primary/90 active:scale-95 disabled:cursor-wait disabled:opacity-60"
      >
        {playing ? (
          <Pause className="size-5 fill-current" aria-hidden="true" />
        ) : (
          <Play className="size-5 translate-x-px fill-current" aria-hidden="true" />
        )}
      </button>
      <div
        role="slider"
        tabIndex={0}
        aria-label="Seek in your reply"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(current)}
        aria-valuetext={`${formatDurationWords(current)} of ${formatDurationWords(duration)}`}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        className="flex h-10 min-w-0 flex-1 cursor-pointer touch-none items-center gap-[2px] rounded-md"
      >
        {bars.map((height, index) => (
          <span
            key={index}
            aria-hidden="true"
            className={cn(
              'min-w-px flex-1 rounded-full transition-colors',
              (index + 0.5) / bars.length <= progress ? 'bg-primary' : 'bg-foreground/20',
            )}
            style={{ height: `${Math.round(height * 100)}%` }}
          />
        ))}
      </div>
      <span className="shrink-0 text-xs font-medium text-muted-foreground tabular-nums">
        {formatDuration(current)} / {formatDuration(duration)}
      </span>
    </div>
  );
}

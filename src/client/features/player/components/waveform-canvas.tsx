import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatDuration } from '@client/lib/format';
import { useTheme } from '@client/lib/theme';
import { useHiDpiCanvas } from '@client/lib/use-hidpi-canvas';
import { cn } from '@client/lib/utils';
import { cssColorToHex, drawWaveform, type WaveformColors } from '../lib/waveform';

/** Arrow keys move 5 s; with Shift, or with Page Up/Down, 10 s. */
const KEY_STEP_S = 5;
const BIG_KEY_STEP_S = 10;

export interface WaveformCanvasProps {
  bars: readonly number[];
  placeholder: boolean;
  duration: number;
  /** For the accessible value; the drawing reads `getCurrentTime` every frame while playing. */
  currentTime: number;
  getCurrentTime: () => number;
  playing: boolean;
  /** Seeking works only with a handler and a duration above zero (spec §5). */
  onSeek?: (seconds: number) => void;
  onTogglePlay?: () => void;
  /** CSS pixels: spec §9 uses 60 (compact) and 80. */
  height?: number;
  appearance?: 'default' | 'overlay';
  label: string;
  className?: string;
}

function readColors(element: HTMLElement, appearance: 'default' | 'overlay'): WaveformColors {
  if (appearance === 'overlay') return { progress: '#ffffff', base: '#ffffff59' };
  const style = getComputedStyle(element);
  return {
    progress: cssColorToHex(style.getPropertyValue('--primary').trim() || '#e05a33'),
    base: `${cssColorToHex(style.getPropertyValue('--muted-foreground').trim() || '#888888')}4d`,
  };
}

/**
 * The player's waveform (spec §9): bars before the playhead in the progress colour, a glow near it while playing,
 * click or drag to seek, and a hover tooltip with the time. To assistive technology it is the seek slider.
 */
export function WaveformCanvas({
  bars,
  placeholder,
  duration,
  currentTime,
  getCurrentTime,
  playing,
  onSeek,
  onTogglePlay,
  height = 80,
  appearance = 'default',
  label,
  className,
}: WaveformCanvasProps) {
  const { canvasRef, prepare } = useHiDpiCanvas(height);
  const [hover, setHover] = useState<number | null>(null);
  const seeking = useRef(false);
  const { theme } = useTheme();
  const seekable = Boolean(onSeek) && duration > 0;
  const pausedAt = playing ? null : currentTime;

  useEffect(() => {
    const prepared = prepare();
    if (!prepared) return;
    const { canvas, context, width, height, pixelRatio } = prepared;
    const colors = readColors(canvas, appearance);
    const progressNow = () => (duration > 0 ? Math.min(1, Math.max(0, getCurrentTime() / duration)) : 0);
    let drawnProgress = progressNow();
    const draw = () =>
      drawWaveform(context, {
        bars,
        width,
        height,
        pixelRatio,
        progress: drawnProgress,
        hover: seekable ? hover : null,
        playing,
        placeholder,
        colors,
      });
    draw();
    if (!playing) return;
    // The playhead of a minute-long post crosses a device pixel every few frames: a frame in which it moved less
    // than half of one would draw the same picture, so it is skipped rather than redrawn (and composited) for nothing.
    const halfPixel = 0.5 / (width * pixelRatio);
    let frame = requestAnimationFrame(function loop() {
      const progress = progressNow();
      if (Math.abs(progress - drawnProgress) >= halfPixel) {
        drawnProgress = progress;
        draw();
      }
      frame = requestAnimationFrame(loop);
    });
    return () => cancelAnimationFrame(frame);
    // A seek redraws a paused waveform; while playing, the loop above follows the time itself.
  }, [
    prepare,
    bars,
    duration,
    getCurrentTime,
    pausedAt,
    hover,
    playing,
    placeholder,
    appearance,
    seekable,
    theme,
  ]);

  /** Spec §5: positions are clamped to 0..1 of the width. */
  const fractionAt = (event: PointerEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return rect.width > 0 ? Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)) : 0;
  };

  const seekTo = (fraction: number) => {
    if (seekable) onSeek?.(fraction * duration);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!seekable || event.button !== 0) return;
    seeking.current = true;
    seekTo(fractionAt(event));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const fraction = fractionAt(event);
    if (event.pointerType === 'mouse') setHover(fraction);
    if (seeking.current) seekTo(fraction);
  };
  const endSeek = () => {
    seeking.current = false;
  };
  const onPointerLeave = () => {
    endSeek();
    setHover(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? BIG_KEY_STEP_S : KEY_STEP_S;
    const now = getCurrentTime();
    const moves: Record<string, number | undefined> = {
      ArrowLeft: now - step,
      ArrowDown: now - step,
      ArrowRight: now + step,
      ArrowUp: now + step,
      PageDown: now - BIG_KEY_STEP_S,
      PageUp: now + BIG_KEY_STEP_S,
      Home: 0,
      End: duration,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      event.stopPropagation();
      if (seekable) onSeek?.(Math.min(Math.max(target, 0), duration));
      return;
    }
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      onTogglePlay?.();
    }
  };

  const shownTime = Math.min(currentTime, duration);
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(shownTime)}
      aria-valuetext={`${formatDuration(shownTime)} of ${formatDuration(duration)}`}
      aria-disabled={!seekable || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endSeek}
      onPointerCancel={endSeek}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      className={cn(
        'group/wave relative w-full touch-pan-y select-none rounded-lg outline-offset-4',
        seekable ? 'cursor-pointer' : 'cursor-default',
        className,
      )}
      style={{ height }}
    >
      <canvas ref={canvasRef} aria-hidden="true" className="block size-full" style={{ height }} />
      {seekable && hover !== null && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-8 z-10 -translate-x-1/2 rounded-md bg-popover px-2 py-1 text-xs font-semibold tabular-nums text-popover-foreground shadow-lifted"
          style={{ left: `${hover * 100}%` }}
        >
          {formatDuration(hover * duration)}
        </div>
      )}
    </div>
  );
}

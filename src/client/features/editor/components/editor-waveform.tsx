import { useEffect, useRef, useState, type PointerEvent, type Ref } from 'react';
import { useTheme } from '@client/lib/theme';
import { useHiDpiCanvas } from '@client/lib/use-hidpi-canvas';
import { cn } from '@client/lib/utils';
import { usePlayheadGrain } from '../hooks/use-playhead-grain';
import type { PlayheadClock } from '../lib/playhead-clock';
import { formatEditorTime, formatWholeSeconds } from '../lib/time';
import { hitMarker, timeToX, xToTime } from '../lib/markers';
import { EDITOR_WAVEFORM_HEIGHT, EDITOR_WAVEFORM_WIDTH } from '../lib/waveform-bars';

interface EditorWaveformProps {
  /** 0 to 1 each; a null bar is drawn from the placeholder (spec §4: when analysis fails). */
  bars: readonly (number | null)[];
  length: number;
  viewStart: number;
  viewSpan: number;
  start: number;
  end: number;
  /** Where the playhead rests while paused. */
  playhead: number;
  /** The playhead while playing, drawn every frame without a render. */
  clock: PlayheadClock;
  playing: boolean;
  insertAt: number | null;
  onMarker: (which: 'start' | 'end', ms: number) => void;
  onSeek: (ms: number) => void;
  disabled: boolean;
  ref?: Ref<HTMLDivElement>;
}

interface Colors {
  accent: string;
  bar: string;
  insert: string;
}

function readColors(element: HTMLElement): Colors {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    accent: read('--primary', '#e05a33'),
    bar: read('--muted-foreground', '#888888'),
    insert: read('--highlight', '#2a9d8f'),
  };
}

/** A gentle wave where a source's peaks could not be loaded (spec §4: a placeholder waveform). */
const placeholderLevel = (index: number) => 0.25 + 0.15 * Math.sin(index / 6) * Math.sin(index / 17);

/**
 * Spec §9 Editor waveform: 300 bars across the visible window on a 96 px high canvas (800 px wide where there is
 * room), drawn at the screen's pixel ratio; the selection between its two markers, the playhead and the insertion
 * point Add Segment marked. Markers are dragged with mouse or touch (15 px grab tolerance); a press elsewhere moves
 * the playhead. To assistive technology it is the playhead's slider (the editor's keys act on it).
 */
export function EditorWaveform({
  bars,
  length,
  viewStart,
  viewSpan,
  start,
  end,
  playhead,
  clock,
  playing,
  insertAt,
  onMarker,
  onSeek,
  disabled,
  ref,
}: EditorWaveformProps) {
  const { canvasRef, width, prepare } = useHiDpiCanvas(EDITOR_WAVEFORM_HEIGHT);
  const [grabbable, setGrabbable] = useState(false);
  const dragging = useRef<'start' | 'end' | 'playhead' | null>(null);
  const { theme } = useTheme();

  useEffect(() => {
    const frame = prepare();
    if (!frame) return;
    const { canvas, context, height } = frame;
    const colors = readColors(canvas);
    const x = (ms: number) => timeToX(ms, viewStart, viewSpan, width);
    const startX = x(start);
    const endX = x(end);

    context.fillStyle = colors.accent;
    context.globalAlpha = 0.12;
    context.fillRect(startX, 0, endX - startX, height);

    const slot = width / bars.length;
    const barWidth = Math.max(1, slot * 0.62);
    bars.forEach((bar, index) => {
      const placeholder = bar === null;
      const barHeight = Math.max(2, (bar ?? placeholderLevel(index)) * (height - 12));
      const left = index * slot + (slot - barWidth) / 2;
      const centre = left + barWidth / 2;
      const selected = centre >= startX && centre <= endX;
      context.globalAlpha = placeholder ? 0.25 : selected ? 1 : 0.45;
      context.fillStyle = selected && !placeholder ? colors.accent : colors.bar;
      context.beginPath();
      context.roundRect(left, (height - barHeight) / 2, barWidth, barHeight, barWidth / 2);
      context.fill();
    });

    context.globalAlpha = 1;
    for (const markerX of [startX, endX]) {
      context.fillStyle = colors.accent;
      context.fillRect(markerX - 1, 0, 2, height);
      context.beginPath();
      context.roundRect(markerX - 5, 0, 10, 14, 3);
      context.fill();
    }
    if (insertAt !== null) {
      context.strokeStyle = colors.insert;
      context.lineWidth = 2;
      context.setLineDash([4, 3]);
      context.beginPath();
      context.moveTo(x(insertAt), 0);
      context.lineTo(x(insertAt), height);
      context.stroke();
      context.setLineDash([]);
    }
  }, [prepare, bars, width, viewStart, viewSpan, start, end, insertAt, theme]);

  // The playhead is an element moved by style: while playing it follows the clock every frame, React aside.
  const playheadRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const place = (ms: number) => {
      const element = playheadRef.current;
      if (!element) return;
      const at = timeToX(ms, viewStart, viewSpan, width);
      element.style.transform = `translateX(${at}px)`;
      element.style.visibility = width > 0 && at >= 0 && at <= width ? 'visible' : 'hidden';
    };
    if (!playing) {
      place(playhead);
      return;
    }
    place(clock.ms);
    return clock.subscribe(() => place(clock.ms));
  }, [clock, playing, playhead, viewStart, viewSpan, width]);
  // Said to assistive technology in whole seconds while playing, so it is not told of every frame.
  const playingSecond = usePlayheadGrain(clock, 1000, playing);
  const shownPlayhead = playingSecond ?? playhead;

  const pointerX = (event: PointerEvent<HTMLElement>) =>
    event.clientX - event.currentTarget.getBoundingClientRect().left;
  const timeAt = (event: PointerEvent<HTMLElement>) => xToTime(pointerX(event), viewStart, viewSpan, width);
  const grabbed = (event: PointerEvent<HTMLElement>) =>
    hitMarker(
      pointerX(event),
      timeToX(start, viewStart, viewSpan, width),
      timeToX(end, viewStart, viewSpan, width),
    );

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragging.current = grabbed(event) ?? 'playhead';
    if (dragging.current === 'playhead') onSeek(timeAt(event));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const which = dragging.current;
    if (which === 'playhead') onSeek(timeAt(event));
    else if (which) onMarker(which, timeAt(event));
    else if (event.pointerType === 'mouse') setGrabbable(!disabled && grabbed(event) !== null);
  };
  const endDrag = () => {
    dragging.current = null;
  };

  return (
    <div
      ref={ref}
      role="slider"
      tabIndex={0}
      aria-label="Waveform: playhead and selection"
      aria-valuemin={0}
      aria-valuemax={Math.round(length / 100) / 10}
      aria-valuenow={Math.round(shownPlayhead / 100) / 10}
      aria-valuetext={`Playhead ${playingSecond === null ? formatEditorTime(playhead) : formatWholeSeconds(playingSecond)} of ${formatEditorTime(length)}; selection ${formatEditorTime(start)} to ${formatEditorTime(end)}`}
      aria-disabled={disabled || undefined}
      aria-keyshortcuts="Space ArrowLeft ArrowRight [ ] Delete"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      className={cn(
        'relative mx-auto w-full touch-none select-none rounded-xl outline-offset-4',
        grabbable ? 'cursor-ew-resize' : 'cursor-pointer',
      )}
      style={{ maxWidth: EDITOR_WAVEFORM_WIDTH, height: EDITOR_WAVEFORM_HEIGHT }}
    >
      <canvas ref={canvasRef} aria-hidden="true" className="block size-full" />
      <div
        ref={playheadRef}
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-0 -ml-px w-0.5 bg-foreground"
      >
        <span className="absolute bottom-0 left-1/2 size-2 -translate-x-1/2 rounded-full bg-foreground" />
      </div>
    </div>
  );
}

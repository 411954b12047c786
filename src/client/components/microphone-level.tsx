import { useCallback, useEffect, useRef, useState } from 'react';
import { useInputLevel } from '@client/lib/audio/use-input-level';

const BAR_WIDTH = 3;
const BAR_GAP = 2;
/** How often a bar is added while recording: 20 per second scrolls like Voice Memos. */
const SAMPLE_MS = 50;
const METER_UPDATE_MS = 250;

interface MicrophoneLevelProps {
  stream: MediaStream | null;
  /** Paused: the waveform holds still and the meter reads zero. */
  paused?: boolean;
  /** Receives a level (0 to 1) every 50 ms while recording, to draw the take's waveform afterwards. */
  onSample?: (level: number) => void;
  /** Opacity of the resting dots where the recording has not reached yet. */
  restingOpacity?: number;
  /** Pixels kept free above and below the tallest bar, together. */
  barInset?: number;
  /** Sets the size and, as the text colour, the bars' colour. */
  className?: string;
}

/**
 * The microphone's level as a scrolling waveform (newest bar at the right). Exposed to assistive technology as a
 * meter whose value updates four times a second.
 */
export function MicrophoneLevel({
  stream,
  paused = false,
  onSample,
  restingOpacity = 0.18,
  barInset = 4,
  className,
}: MicrophoneLevelProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const history = useRef<number[]>([]);
  const lastSample = useRef(0);
  const lastMeter = useRef(0);
  const peak = useRef(0);
  const [meterValue, setMeterValue] = useState(0);
  const pausedRef = useRef(paused);
  const onSampleRef = useRef(onSample);
  useEffect(() => {
    pausedRef.current = paused;
    onSampleRef.current = onSample;
  });

  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const context = canvas.getContext('2d');
    if (!context) return;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    const color = getComputedStyle(canvas).color;
    const slots = Math.floor(width / (BAR_WIDTH + BAR_GAP));
    const levels = history.current.slice(-slots);
    const offset = width - levels.length * (BAR_WIDTH + BAR_GAP);
    context.fillStyle = color;
    context.globalAlpha = restingOpacity;
    // Resting dots fill the part the recording has not reached yet.
    for (let slot = 0; slot < slots - levels.length; slot++) {
      const x = slot * (BAR_WIDTH + BAR_GAP);
      roundedBar(context, x, height / 2 - 1.5, BAR_WIDTH, 3);
    }
    context.globalAlpha = pausedRef.current ? 0.45 : 1;
    levels.forEach((level, index) => {
      const barHeight = Math.max(3, level * (height - barInset));
      roundedBar(
        context,
        offset + index * (BAR_WIDTH + BAR_GAP),
        (height - barHeight) / 2,
        BAR_WIDTH,
        barHeight,
      );
    });
    context.globalAlpha = 1;
  }, [restingOpacity, barInset]);

  useInputLevel(stream, (level) => {
    const now = performance.now();
    if (!pausedRef.current) peak.current = Math.max(peak.current, level);
    if (now - lastSample.current >= SAMPLE_MS) {
      lastSample.current = now;
      if (!pausedRef.current) {
        // A little lift so normal speech fills the height.
        const shown = Math.min(1, Math.pow(peak.current, 0.8) * 1.1);
        history.current.push(shown);
        if (history.current.length > 2000) history.current.splice(0, 1000);
        onSampleRef.current?.(peak.current);
      }
      peak.current = 0;
      draw();
    }
    if (now - lastMeter.current >= METER_UPDATE_MS) {
      lastMeter.current = now;
      setMeterValue(pausedRef.current ? 0 : Math.round(level * 100));
    }
  });

  useEffect(() => {
    draw();
    const observer = new ResizeObserver(() => draw());
    if (canvasRef.current) observer.observe(canvasRef.current);
    return () => observer.disconnect();
  }, [draw]);

  return (
    <div
      role="meter"
      aria-label="Microphone level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={meterValue}
      aria-valuetext={paused ? 'Paused' : `${meterValue} percent`}
      className={className}
    >
      <canvas ref={canvasRef} aria-hidden="true" className="size-full" />
    </div>
  );
}

function roundedBar(context: CanvasRenderingContext2D, x: number, y: number, width: number, height: number) {
  context.beginPath();
  context.roundRect(x, y, width, height, width / 2);
  context.fill();
}

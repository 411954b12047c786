import { useCallback, useEffect, useRef, useState } from 'react';
import { useInputLevel } from '@client/lib/audio/use-input-level';
import { cn } from '@client/lib/utils';

const BAR_WIDTH = 3;
const BAR_GAP = 2;
/** A bar every 50 ms: the take's shape scrolls in from the right. */
const SAMPLE_MS = 50;
const METER_UPDATE_MS = 250;

interface RecordingLevelProps {
  stream: MediaStream | null;
  /** Each level (0 to 1) as it is drawn, to shape the preview's waveform afterwards. */
  onSample?: (level: number) => void;
  className?: string;
}

/** The microphone while a reply is recorded: scrolling bars, and a meter for assistive technology. */
export function RecordingLevel({ stream, onSample, className }: RecordingLevelProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const history = useRef<number[]>([]);
  const peak = useRef(0);
  const lastSample = useRef(0);
  const lastMeter = useRef(0);
  const [meter, setMeter] = useState(0);
  const onSampleRef = useRef(onSample);
  useEffect(() => {
    onSampleRef.current = onSample;
  });

  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    context.fillStyle = getComputedStyle(canvas).color;
    const slots = Math.floor(width / (BAR_WIDTH + BAR_GAP));
    const levels = history.current.slice(-slots);
    const offset = width - levels.length * (BAR_WIDTH + BAR_GAP);
    context.globalAlpha = 0.2;
    for (let slot = 0; slot < slots - levels.length; slot++) {
      bar(context, slot * (BAR_WIDTH + BAR_GAP), height / 2 - 1.5, BAR_WIDTH, 3);
    }
    context.globalAlpha = 1;
    levels.forEach((level, index) => {
      const barHeight = Math.max(3, level * (height - 2));
      bar(context, offset + index * (BAR_WIDTH + BAR_GAP), (height - barHeight) / 2, BAR_WIDTH, barHeight);
    });
  }, []);

  useInputLevel(stream, (level) => {
    const now = performance.now();
    peak.current = Math.max(peak.current, level);
    if (now - lastSample.current >= SAMPLE_MS) {
      lastSample.current = now;
      history.current.push(Math.min(1, Math.pow(peak.current, 0.8) * 1.1));
      if (history.current.length > 2000) history.current.splice(0, 1000);
      onSampleRef.current?.(peak.current);
      peak.current = 0;
      draw();
    }
    if (now - lastMeter.current >= METER_UPDATE_MS) {
      lastMeter.current = now;
      setMeter(Math.round(level * 100));
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
      aria-valuenow={meter}
      aria-valuetext={`${meter} percent`}
      className={cn('h-10 min-w-0 flex-1 text-destructive dark:text-red-400', className)}
    >
      <canvas ref={canvasRef} aria-hidden="true" className="size-full" />
    </div>
  );
}

function bar(context: CanvasRenderingContext2D, x: number, y: number, width: number, height: number) {
  context.beginPath();
  context.roundRect(x, y, width, height, width / 2);
  context.fill();
}

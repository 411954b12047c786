/** Spec §9 player waveform. */
export const WAVEFORM_BARS = 100;
export const PLACEHOLDER_BARS = 50;
const BAR_HEIGHT_SHARE = 0.8;
const BAR_WIDTH_SHARE = 0.6;
/** Bars within this many of the playhead glow while playing. */
const GLOW_REACH = 4;

/** A quiet, even ripple shown while there is no data yet (50 bars). */
export const PLACEHOLDER_WAVEFORM: readonly number[] = Array.from(
  { length: PLACEHOLDER_BARS },
  (_, index) => 0.28 + 0.12 * Math.abs(Math.sin(index * 0.9)) + 0.08 * Math.abs(Math.cos(index * 0.37)),
);

/** Spec §8: when generating the waveform fails, 100 random bars between 0.5 and 1. */
export function randomFallbackWaveform(random: () => number = Math.random): number[] {
  return Array.from({ length: WAVEFORM_BARS }, () => 0.5 + random() * 0.5);
}

function normalise(values: number[]): number[] {
  const loudest = Math.max(0, ...values);
  return loudest > 0 ? values.map((value) => value / loudest) : values.map(() => 0);
}

/** Spec §9: 100 bars from the mean absolute amplitude of the samples, normalised to the loudest bar. */
export function barsFromSamples(samples: ArrayLike<number>, count = WAVEFORM_BARS): number[] {
  const bars: number[] = [];
  const size = samples.length / count;
  for (let bar = 0; bar < count; bar += 1) {
    const start = Math.floor(bar * size);
    const end = Math.max(start + 1, Math.floor((bar + 1) * size));
    let sum = 0;
    let taken = 0;
    for (let index = start; index < end && index < samples.length; index += 1) {
      sum += Math.abs(samples[index] ?? 0);
      taken += 1;
    }
    bars.push(taken > 0 ? sum / taken : 0);
  }
  return normalise(bars);
}

/** Fits the server's detailed peaks to the bar count, keeping each stretch's loudest value. */
export function resamplePeaks(peaks: readonly number[], count = WAVEFORM_BARS): number[] {
  if (peaks.length === 0) return [];
  const bars: number[] = [];
  const size = peaks.length / count;
  for (let bar = 0; bar < count; bar += 1) {
    const start = Math.floor(bar * size);
    const end = Math.max(start + 1, Math.floor((bar + 1) * size));
    let loudest = 0;
    for (let index = start; index < end; index += 1)
      loudest = Math.max(loudest, peaks[Math.min(index, peaks.length - 1)] ?? 0);
    bars.push(loudest);
  }
  return normalise(bars);
}

export interface WaveformColors {
  /** A #rrggbb colour: its "99" and "33" alpha variants are made by appending those suffixes (spec §9). */
  progress: string;
  /** Bars not yet played. */
  base: string;
}

export interface WaveformFrame {
  bars: readonly number[];
  /** CSS pixels. */
  width: number;
  height: number;
  pixelRatio: number;
  /** 0..1 played. */
  progress: number;
  /** 0..1 under the pointer, or null. */
  hover: number | null;
  playing: boolean;
  placeholder: boolean;
  colors: WaveformColors;
}

export function drawWaveform(context: CanvasRenderingContext2D, frame: WaveformFrame): void {
  const { bars, width, height, pixelRatio, progress, hover, playing, placeholder, colors } = frame;
  context.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  context.clearRect(0, 0, width, height);
  if (bars.length === 0 || width <= 0 || height <= 0) return;

  const slot = width / bars.length;
  const barWidth = Math.max(1, slot * BAR_WIDTH_SHARE);
  const radius = Math.min(barWidth / 2, 3);
  const playhead = progress * bars.length;
  const hoverAt = hover === null ? null : hover * bars.length;

  bars.forEach((value, index) => {
    const barHeight = Math.max(2, Math.min(1, Math.max(0, value)) * height * BAR_HEIGHT_SHARE);
    const x = index * slot + (slot - barWidth) / 2;
    const y = (height - barHeight) / 2;
    const centre = index + 0.5;
    const played = !placeholder && centre <= playhead;
    const previewed =
      !placeholder &&
      hoverAt !== null &&
      ((centre > playhead && centre <= hoverAt) || (centre <= playhead && centre > hoverAt));
    const nearPlayhead = playing && !placeholder && Math.abs(centre - playhead) <= GLOW_REACH;

    if (played && !previewed) context.fillStyle = colors.progress;
    else if (previewed) context.fillStyle = `${colors.progress}99`;
    else context.fillStyle = colors.base;

    if (nearPlayhead) {
      context.shadowColor = `${colors.progress}99`;
      context.shadowBlur = 10 * (1 - Math.abs(centre - playhead) / (GLOW_REACH + 1));
    } else {
      context.shadowBlur = 0;
    }
    context.beginPath();
    context.roundRect(x, y, barWidth, barHeight, radius);
    context.fill();
  });
  context.shadowBlur = 0;

  if (playing && !placeholder) {
    // A soft halo under the playhead.
    const x = progress * width;
    const halo = context.createRadialGradient(x, height / 2, 0, x, height / 2, slot * (GLOW_REACH + 2));
    halo.addColorStop(0, `${colors.progress}33`);
    halo.addColorStop(1, `${colors.progress}00`);
    context.fillStyle = halo;
    context.fillRect(x - slot * (GLOW_REACH + 2), 0, slot * (GLOW_REACH + 2) * 2, height);
  }
}

const hexCache = new Map<string, string>();

/** Any CSS colour (oklch, rgb, a name…) as #rrggbb, read back through a 1×1 canvas. */
export function cssColorToHex(color: string): string {
  const cached = hexCache.get(color);
  if (cached) return cached;
  let hex = '#e05a33';
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (context) {
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
      hex = `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
    }
  } catch {
    // Keep the brand fallback.
  }
  hexCache.set(color, hex);
  return hex;
}

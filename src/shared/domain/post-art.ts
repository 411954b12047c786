import { stableChoice } from './stable-choice';

/**
 * The artwork of a post without a photo, drawn alike by the server (its share card) and the app (its grid tile): a
 * gradient picked from the post id, with the post's own waveform laid over it, so two such posts rarely look alike.
 */

/** Top-left, middle and bottom-right colours of a diagonal gradient (Tailwind's palette, in sRGB). */
export type ArtPalette = readonly [from: string, via: string, to: string];

const PALETTES: readonly [ArtPalette, ...ArtPalette[]] = [
  ['#f97316', '#f43f5e', '#c026d3'],
  ['#fbbf24', '#f97316', '#dc2626'],
  ['#14b8a6', '#0891b2', '#4338ca'],
  ['#8b5cf6', '#9333ea', '#e11d48'],
  ['#10b981', '#0d9488', '#0369a1'],
  ['#fb7185', '#db2777', '#7e22ce'],
  ['#0ea5e9', '#4f46e5', '#6d28d9'],
  ['#84cc16', '#059669', '#0f766e'],
];

export function postArtPalette(postId: string): ArtPalette {
  return stableChoice(postId, PALETTES);
}

/** The palette as a CSS background, for the app's tiles. */
export function postArtGradient(postId: string): string {
  const [from, via, to] = postArtPalette(postId);
  return `linear-gradient(to bottom right, ${from}, ${via}, ${to})`;
}

/** The quietest bar still shows, so silence reads as a line of dots rather than a gap. */
const MIN_BAR = 0.06;

/**
 * `count` bar heights (0..1] from a post's peaks (any length, each 0..1): the loudest peak of each stretch, scaled
 * so the loudest bar is full height. No peaks gives a low, even line.
 */
export function waveformBars(peaks: readonly number[], count: number): number[] {
  if (peaks.length === 0) return Array.from({ length: count }, () => MIN_BAR);
  const bars = Array.from({ length: count }, (_, index) => {
    const start = Math.floor((index * peaks.length) / count);
    const end = Math.max(start + 1, Math.floor(((index + 1) * peaks.length) / count));
    return Math.max(...peaks.slice(start, end).map((peak) => (Number.isFinite(peak) ? Math.abs(peak) : 0)));
  });
  const loudest = Math.max(...bars);
  return bars.map((bar) => (loudest > 0 ? Math.max(MIN_BAR, Math.min(1, bar / loudest)) : MIN_BAR));
}

import { describe, expect, it } from 'vitest';
import { postArtGradient, postArtPalette, waveformBars } from './post-art';

describe('a post’s artwork', () => {
  it('draws the loudest stretch of the recording full height and its quiet stretches low', () => {
    const peaks = [...Array<number>(50).fill(0.1), ...Array<number>(50).fill(0.5)];
    const bars = waveformBars(peaks, 10);
    expect(bars).toHaveLength(10);
    expect(bars.slice(5)).toEqual(Array(5).fill(1));
    expect(bars.slice(0, 5).every((bar) => Math.abs(bar - 0.2) < 1e-9)).toBe(true);
  });

  it('shows silence, or no peaks at all, as a low even line rather than nothing', () => {
    expect(new Set(waveformBars(Array<number>(100).fill(0), 20))).toEqual(new Set([0.06]));
    expect(waveformBars([], 5)).toHaveLength(5);
  });

  it('keeps one post’s colours on every screen and card, and varies them between posts', () => {
    expect(postArtPalette('post-a')).toEqual(postArtPalette('post-a'));
    const ids = Array.from({ length: 40 }, (_, index) => `post-${index}`);
    expect(new Set(ids.map(postArtGradient)).size).toBeGreaterThan(4);
  });
});

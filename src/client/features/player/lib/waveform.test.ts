import { describe, expect, it } from 'vitest';
import { barsFromSamples, PLACEHOLDER_WAVEFORM, randomFallbackWaveform, resamplePeaks } from './waveform';

describe('waveform data (spec §9)', () => {
  it('has a 50-bar placeholder', () => {
    expect(PLACEHOLDER_WAVEFORM).toHaveLength(50);
  });

  it('falls back to 100 random bars between 0.5 and 1', () => {
    const bars = randomFallbackWaveform();
    expect(bars).toHaveLength(100);
    expect(Math.min(...bars)).toBeGreaterThanOrEqual(0.5);
    expect(Math.max(...bars)).toBeLessThanOrEqual(1);
  });

  it('averages absolute amplitude per bar and normalises to the loudest', () => {
    const samples = [0.1, -0.1, 0.5, -0.5, 0, 0, 0.25, -0.25];
    expect(barsFromSamples(samples, 4)).toEqual([0.2, 1, 0, 0.5]);
  });

  it('fits detailed peaks to the bar count', () => {
    expect(resamplePeaks([0.1, 0.4, 0.2, 0.8], 2)).toEqual([0.5, 1]);
    expect(resamplePeaks([0.5], 3)).toEqual([1, 1, 1]);
    expect(resamplePeaks([], 3)).toEqual([]);
  });
});

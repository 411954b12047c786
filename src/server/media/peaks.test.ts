import { describe, expect, it } from 'vitest';
import { ANALYSIS_SAMPLE_RATE, PeakAccumulator, WAVEFORM_BARS } from './peaks';

function pcm(samples: number[]): Buffer {
  const buffer = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, index) => buffer.writeInt16LE(sample, index * 2));
  return buffer;
}

describe('PeakAccumulator', () => {
  it('gives 100 bars of mean absolute amplitude, normalised to the loudest (spec §9)', () => {
    const accumulator = new PeakAccumulator();
    const half = ANALYSIS_SAMPLE_RATE; // one second quiet, one second loud
    accumulator.push(pcm(Array.from({ length: half }, (_, i) => (i % 2 ? 1000 : -1000))));
    accumulator.push(pcm(Array.from({ length: half }, (_, i) => (i % 2 ? 4000 : -4000))));
    const summary = accumulator.finish();
    expect(summary.durationSeconds).toBe(2);
    expect(summary.waveform).toHaveLength(WAVEFORM_BARS);
    expect(summary.waveform.slice(0, 50).every((bar) => bar === 0.25)).toBe(true);
    expect(summary.waveform.slice(50).every((bar) => bar === 1)).toBe(true);
    expect(summary.peak).toBeCloseTo(4000 / 32768, 5);
    expect(summary.peaksPerSecond).toBe(20);
    expect(summary.peaks).toHaveLength(40);
  });

  it('joins samples split across chunks at odd byte boundaries', () => {
    const whole = pcm(Array.from({ length: 800 }, () => 16384));
    const accumulator = new PeakAccumulator();
    accumulator.push(whole.subarray(0, 3));
    accumulator.push(whole.subarray(3, 801));
    accumulator.push(whole.subarray(801));
    const summary = accumulator.finish();
    expect(summary.durationSeconds).toBe(0.1);
    expect(summary.peak).toBe(0.5);
    expect(Math.min(...summary.waveform)).toBe(1);
  });

  it('stays flat for silence and empty for nothing', () => {
    const silent = new PeakAccumulator();
    silent.push(pcm(new Array(8000).fill(0)));
    expect(silent.finish().waveform.every((bar) => bar === 0)).toBe(true);
    expect(new PeakAccumulator().finish()).toMatchObject({ durationSeconds: 0, waveform: [], peaks: [] });
  });

  it('keeps long recordings to a bounded number of detailed peaks', () => {
    const accumulator = new PeakAccumulator();
    const tenMinutes = Buffer.alloc(ANALYSIS_SAMPLE_RATE * 2 * 60);
    for (let minute = 0; minute < 60; minute += 1) accumulator.push(tenMinutes);
    const summary = accumulator.finish();
    expect(summary.durationSeconds).toBe(3600);
    expect(summary.peaks.length).toBeLessThanOrEqual(36_000);
    expect(summary.peaksPerSecond).toBeCloseTo(summary.peaks.length / 3600, 1);
  });
});

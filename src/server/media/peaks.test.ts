import { describe, expect, it } from 'vitest';
import { ANALYSIS_SAMPLE_RATE, Int16Chunker, PeakAccumulator, WAVEFORM_BARS } from './peaks';

function bytes(samples: number[]): Buffer {
  const buffer = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, index) => buffer.writeInt16LE(sample, index * 2));
  return buffer;
}
const pcm = (samples: number[]) => Int16Array.from(samples);

describe('PeakAccumulator', () => {
  it('gives 100 bars of mean absolute amplitude, normalised to the loudest (spec §9)', () => {
    const accumulator = new PeakAccumulator();
    const half = ANALYSIS_SAMPLE_RATE; // one second quiet, one second loud
    accumulator.add(pcm(Array.from({ length: half }, (_, i) => (i % 2 ? 1000 : -1000))));
    accumulator.add(pcm(Array.from({ length: half }, (_, i) => (i % 2 ? 4000 : -4000))));
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
    const whole = bytes(Array.from({ length: 800 }, () => 16384));
    const accumulator = new PeakAccumulator();
    const chunker = new Int16Chunker();
    accumulator.add(chunker.push(whole.subarray(0, 3)));
    accumulator.add(chunker.push(whole.subarray(3, 801)));
    accumulator.add(chunker.push(whole.subarray(801)));
    const summary = accumulator.finish();
    expect(summary.durationSeconds).toBe(0.1);
    expect(summary.peak).toBe(0.5);
    expect(Math.min(...summary.waveform)).toBe(1);
  });

  it('stays flat for silence and empty for nothing', () => {
    const silent = new PeakAccumulator();
    silent.add(pcm(new Array(8000).fill(0)));
    expect(silent.finish().waveform.every((bar) => bar === 0)).toBe(true);
    expect(new PeakAccumulator().finish()).toMatchObject({ durationSeconds: 0, waveform: [], peaks: [] });
  });

  it('keeps long recordings to a bounded number of detailed peaks', () => {
    const accumulator = new PeakAccumulator();
    const minute = new Int16Array(ANALYSIS_SAMPLE_RATE * 60);
    for (let index = 0; index < 60; index += 1) accumulator.add(minute);
    const summary = accumulator.finish();
    expect(summary.durationSeconds).toBe(3600);
    expect(summary.peaks.length).toBeLessThanOrEqual(36_000);
    expect(summary.peaksPerSecond).toBeCloseTo(summary.peaks.length / 3600, 1);
  });
});

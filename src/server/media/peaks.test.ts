import { describe, expect, it } from 'vitest';
import { levelOfPeak, PeakAccumulator, peakOfLevel, WAVEFORM_BARS } from './peaks';

const RATE = 48_000;
const alternating = (length: number, amplitude: number) =>
  Float32Array.from({ length }, (_, index) => (index % 2 ? amplitude : -amplitude));

describe('PeakAccumulator', () => {
  it('gives 100 bars of mean absolute amplitude, normalised to the loudest (spec §9)', () => {
    const accumulator = new PeakAccumulator(RATE);
    accumulator.add(alternating(RATE, 0.03)); // one second quiet, one second loud
    accumulator.add(alternating(RATE, 0.12));
    const summary = accumulator.finish();
    expect(summary.durationSeconds).toBe(2);
    expect(summary.waveform).toHaveLength(WAVEFORM_BARS);
    expect(summary.waveform.slice(0, 50).every((bar) => bar === 0.25)).toBe(true);
    expect(summary.waveform.slice(50).every((bar) => bar === 1)).toBe(true);
    expect(summary.peak).toBeCloseTo(0.12, 6);
    expect(summary.peaksPerSecond).toBe(20);
    expect(summary.peaks).toHaveLength(40);
    expect(summary.peaks[0]).toBeCloseTo(0.03, 2);
    expect(summary.peaks.at(-1)).toBeCloseTo(0.12, 2);
  });

  it('keeps every 5 ms block’s peak for the limiter, never reading lower than the audio', () => {
    const accumulator = new PeakAccumulator(RATE);
    const audio = new Float32Array(RATE / 10); // 100 ms: 20 blocks of 240 frames
    audio[240 * 7 + 13] = -0.9;
    audio[240 * 12] = 1.4; // float audio can exceed full scale
    accumulator.add(audio.subarray(0, 1000));
    accumulator.add(audio.subarray(1000));
    const { levels } = accumulator.finish();
    expect(levels).toMatchObject({ sampleRate: RATE, blockFrames: 240, frames: 4800 });
    expect(levels.levels).toHaveLength(20);
    expect(peakOfLevel(levels.levels[7]!)).toBeGreaterThanOrEqual(0.9);
    expect(peakOfLevel(levels.levels[7]!)).toBeLessThan(0.9 * 1.03);
    expect(peakOfLevel(levels.levels[12]!)).toBeGreaterThanOrEqual(1.4);
    expect(levels.levels[0]).toBe(levelOfPeak(0));
  });

  it('stays flat for silence and empty for nothing', () => {
    const silent = new PeakAccumulator(RATE);
    silent.add(new Float32Array(RATE));
    expect(silent.finish().waveform.every((bar) => bar === 0)).toBe(true);
    expect(new PeakAccumulator(RATE).finish()).toMatchObject({ durationSeconds: 0, waveform: [], peaks: [] });
  });

  it('keeps long recordings to a bounded number of detailed peaks', () => {
    // The bound is per second of audio, whatever its rate: an hour at 8 kHz reads a sixth of the samples 48 kHz
    // would, so the test stays well inside its time on a busy machine.
    const rate = 8_000;
    const accumulator = new PeakAccumulator(rate);
    const minute = new Float32Array(rate * 60);
    for (let index = 0; index < 60; index += 1) accumulator.add(minute);
    const summary = accumulator.finish();
    expect(summary.durationSeconds).toBe(3600);
    expect(summary.peaks.length).toBeLessThanOrEqual(36_000);
    expect(summary.peaksPerSecond).toBeCloseTo(summary.peaks.length / 3600, 1);
  });
});

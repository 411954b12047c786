import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { levelOfPeak, peakOfLevel, type PeakLevels } from './peaks';
import {
  decodeSpeechMeasurements,
  encodeSpeechMeasurements,
  GAIN_TRACK_RATE,
  limiterGains,
  writeGainTrack,
} from './speech-limiter';

const RATE = 48_000;
const BLOCK = 240;

/** Quiet audio (-30 dBFS peaks) with a few blocks near full scale. */
function peaksWith(loudBlocks: Record<number, number>, blocks = 400): PeakLevels {
  const levels = new Uint8Array(blocks).fill(levelOfPeak(10 ** (-30 / 20)));
  for (const [block, peak] of Object.entries(loudBlocks)) levels[Number(block)] = levelOfPeak(peak);
  return { sampleRate: RATE, blockFrames: BLOCK, frames: blocks * BLOCK, levels };
}

/** The limiter's gain at an audio frame, as ffmpeg sees it: straight lines between the track's points. */
function gainAtFrame(gains: Float32Array, frame: number): number {
  const position = (frame / RATE) * GAIN_TRACK_RATE;
  const before = Math.floor(position);
  return gains[before]! + (gains[before + 1]! - gains[before]!) * (position - before);
}

describe('limiterGains', () => {
  it('leaves audio alone when the gain keeps every peak under the ceiling', () => {
    const gains = limiterGains(peaksWith({ 100: 0.5 }), 3, -2);
    expect(gains.every((gain) => gain === 1)).toBe(true);
  });

  it('keeps every frame of every loud block under the ceiling after the gain', () => {
    const peaks = peaksWith({ 100: 0.99, 101: 0.7, 250: 1.3 });
    const gainDb = 12;
    const gains = limiterGains(peaks, gainDb, -2);
    const ceiling = 10 ** (-2 / 20);
    for (let frame = 0; frame < peaks.frames; frame += 7) {
      const block = Math.floor(frame / BLOCK);
      const loudest = peakOfLevel(peaks.levels[block]!);
      expect(loudest * 10 ** (gainDb / 20) * gainAtFrame(gains, frame)).toBeLessThanOrEqual(
        ceiling * 1.000001,
      );
    }
  });

  it('falls before a peak and recovers after it no faster than the attack and release allow', () => {
    const gains = limiterGains(peaksWith({ 200: 1 }), 20, -2);
    const steps = Array.from(gains.subarray(1), (gain, index) => 20 * Math.log10(gain / gains[index]!));
    expect(Math.min(...steps)).toBeGreaterThanOrEqual(-0.6 - 1e-6); // 600 dB/s at 1 kHz
    expect(Math.max(...steps)).toBeLessThanOrEqual(0.06 + 1e-6); // 60 dB/s
    const lowest = gains.indexOf(Math.min(...gains));
    expect(lowest * (RATE / GAIN_TRACK_RATE)).toBeGreaterThanOrEqual(199 * BLOCK);
    expect(gains[0]).toBe(1);
    expect(gains.at(-1)).toBe(1);
  });
});

describe('the gain track file', () => {
  it('is a float WAV of the speech gain times the limiter’s, half a second longer than the audio', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'earshot-gain-'));
    try {
      const file = path.join(directory, 'gain.wav');
      const peaks = peaksWith({ 100: 1 });
      await writeGainTrack(file, peaks, 6, -2);
      const wav = await readFile(file);
      expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
      expect(wav.readUInt16LE(20)).toBe(3);
      expect(wav.readUInt32LE(24)).toBe(GAIN_TRACK_RATE);
      const samples = new Float32Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
      expect(samples.length).toBe(Math.ceil((peaks.frames / RATE + 0.5) * GAIN_TRACK_RATE));
      expect(samples[0]).toBeCloseTo(10 ** (6 / 20), 5);
      expect(Math.min(...samples)).toBeLessThan(10 ** (6 / 20) / 2);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('speech measurements files', () => {
  it('round-trip, and refuse anything else', () => {
    const measurements = {
      peaks: peaksWith({ 3: 0.8 }, 10),
      loudnessSteps: Float32Array.from([0.01, 0.2, 0]),
    };
    expect(decodeSpeechMeasurements(encodeSpeechMeasurements(measurements))).toEqual(measurements);
    expect(() => decodeSpeechMeasurements(Buffer.from('RIFF....'))).toThrow(/not a speech measurements file/);
  });
});

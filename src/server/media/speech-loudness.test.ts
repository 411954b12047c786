import { describe, expect, it } from 'vitest';
import { integratedLoudness } from './loudness';
import { levelOfPeak } from './peaks';
import { GAIN_TRACK_RATE, limiterGains } from './speech-limiter';
import { limitedSpeechGainDb, SPEECH_LIMIT_DB, SPEECH_TARGET_LUFS, speechGainDb } from './speech-loudness';

const RATE = 48_000;
const BLOCK = 240;
const SECONDS = 20;
const SHORT_OF_TARGET = SPEECH_TARGET_LUFS - 0.5;

/** Speech-like: -26 LUFS throughout, with a loud peak in one 5 ms block of every `every`. */
function peakySpeech(every = 100, peak = 0.7) {
  const blocks = (SECONDS * RATE) / BLOCK;
  const levels = Uint8Array.from({ length: blocks }, (_, block) =>
    levelOfPeak(block % every === 0 ? peak : 0.2),
  );
  const meanSquare = 10 ** ((-26 + 0.691) / 10);
  return {
    peaks: { sampleRate: RATE, blockFrames: BLOCK, frames: blocks * BLOCK, levels },
    loudnessSteps: new Float32Array(SECONDS * 200).fill(meanSquare),
  };
}

/** The loudness of the rendition: each 5 ms step scaled by the square of the gain over it. */
function renderedLoudness(measurements: ReturnType<typeof peakySpeech>, gainDb: number): number {
  const gains = limiterGains(measurements.peaks, gainDb, SPEECH_LIMIT_DB);
  const perStep = GAIN_TRACK_RATE / 200;
  const steps = measurements.loudnessSteps.map((step, index) => {
    let sum = 0;
    for (let point = index * perStep; point < (index + 1) * perStep; point += 1) sum += gains[point]! ** 2;
    return (step * sum * 10 ** (gainDb / 10)) / perStep;
  });
  return integratedLoudness(steps)!;
}

describe('limitedSpeechGainDb', () => {
  it('raises the gain by what the limiter takes off, so the rendition lands on the target', () => {
    const measurements = peakySpeech();
    const plain = speechGainDb(integratedLoudness(measurements.loudnessSteps));
    expect(plain).toBeCloseTo(10, 5);
    expect(renderedLoudness(measurements, plain)).toBeLessThan(SHORT_OF_TARGET);
    const planned = limitedSpeechGainDb(measurements, SPEECH_LIMIT_DB);
    expect(planned).toBeGreaterThan(plain + 0.5);
    expect(renderedLoudness(measurements, planned)).toBeCloseTo(SPEECH_TARGET_LUFS, 1);
  });

  it('adds at most 3 dB where peaks crowd the audio, rather than crush it', () => {
    const crowded = peakySpeech(10, 0.95);
    expect(limitedSpeechGainDb(crowded, SPEECH_LIMIT_DB)).toBeCloseTo(13, 5);
  });

  it('leaves silence alone', () => {
    const measurements = { ...peakySpeech(), loudnessSteps: new Float32Array(4000) };
    expect(limitedSpeechGainDb(measurements, SPEECH_LIMIT_DB)).toBe(0);
  });
});

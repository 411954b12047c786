import { describe, expect, it } from 'vitest';
import { SpeechRangeMeter } from './speech-ranges';

const RATE = 16_000;

/** Seconds of a 200 Hz voice-like tone (amplitude `level`) or, at level 0, a quiet room's hiss. */
function stretch(seconds: number, level: number, seed = 1): Float32Array {
  const samples = new Float32Array(Math.round(seconds * RATE));
  let noise = seed;
  for (let index = 0; index < samples.length; index += 1) {
    noise = (noise * 16807) % 2147483647;
    const hiss = ((noise / 2147483647) * 2 - 1) * 0.002;
    samples[index] = level * Math.sin((2 * Math.PI * 200 * index) / RATE) + hiss;
  }
  return samples;
}

function measure(parts: Float32Array[]) {
  const meter = new SpeechRangeMeter(RATE);
  let samples = 0;
  // In uneven chunks, as the decode's pipe delivers them.
  for (const part of parts) {
    for (let at = 0; at < part.length; at += 1234) meter.add(part.subarray(at, at + 1234));
    samples += part.length;
  }
  return meter.finish(samples / RATE);
}

describe('speech ranges', () => {
  it('are the stretches louder than the room, to 10 ms', () => {
    expect(measure([stretch(1, 0.3), stretch(1.5, 0), stretch(1, 0.3)])).toEqual([
      [0, 1],
      [2.5, 3.5],
    ]);
  });

  it('keep a pause shorter than half a second as speech, and a click in a long pause as silence', () => {
    expect(measure([stretch(1, 0.3), stretch(0.4, 0), stretch(1, 0.3)])).toEqual([[0, 2.4]]);
    expect(
      measure([stretch(1, 0.3), stretch(1, 0), stretch(0.02, 0.5), stretch(1, 0, 2), stretch(1, 0.3)]),
    ).toEqual([
      [0, 1],
      [3.02, 4.02],
    ]);
  });

  it('are the whole recording when nothing in it stands out from the rest', () => {
    expect(measure([stretch(2, 0)])).toEqual([[0, 2]]);
    expect(measure([stretch(2, 0.3)])).toEqual([[0, 2]]);
  });
});

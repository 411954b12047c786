import { describe, expect, it } from 'vitest';
import { LoudnessMeter } from './loudness';

const RATE = 48_000;

function sine(frequency: number, amplitude: number, seconds: number): Float32Array {
  return Float32Array.from(
    { length: RATE * seconds },
    (_, index) => amplitude * Math.sin((2 * Math.PI * frequency * index) / RATE),
  );
}

describe('LoudnessMeter (BS.1770)', () => {
  it('reads a 997 Hz sine as the standard says: full scale is -3.01 LUFS', () => {
    const meter = new LoudnessMeter(RATE);
    meter.add(sine(997, 0.5, 5));
    expect(meter.integrated()).toBeCloseTo(-3.01 - 6.02, 0);
  });

  it('reads the same at the rates recordings come in', () => {
    for (const rate of [44_100, 16_000]) {
      const meter = new LoudnessMeter(rate);
      meter.add(
        Float32Array.from(
          { length: rate * 5 },
          (_, index) => 0.5 * Math.sin((2 * Math.PI * 997 * index) / rate),
        ),
      );
      expect(meter.integrated()).toBeCloseTo(-3.01 - 6.02, 0);
    }
  });

  it('gates out silence, and has nothing to say about silence alone', () => {
    const withPause = new LoudnessMeter(RATE);
    withPause.add(sine(997, 0.5, 3));
    withPause.add(new Float32Array(RATE * 10));
    expect(withPause.integrated()).toBeCloseTo(-9.03, 0);

    const silent = new LoudnessMeter(RATE);
    silent.add(new Float32Array(RATE * 3));
    expect(silent.integrated()).toBeNull();
  });
});

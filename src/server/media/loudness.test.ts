import { describe, expect, it } from 'vitest';
import { LoudnessMeter } from './loudness';

const RATE = 8000;

function sine(frequency: number, amplitude: number, seconds: number): Int16Array {
  return Int16Array.from({ length: RATE * seconds }, (_, index) =>
    Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * frequency * index) / RATE)),
  );
}

describe('LoudnessMeter (BS.1770 at 8 kHz)', () => {
  it('reads a 997 Hz sine as the standard says: full scale is -3.01 LUFS', () => {
    const meter = new LoudnessMeter(RATE);
    meter.add(sine(997, 0.5, 5));
    expect(meter.integrated()).toBeCloseTo(-3.01 - 6.02, 0);
  });

  it('adds the other channels of a multichannel source', () => {
    const meter = new LoudnessMeter(RATE);
    meter.add(sine(997, 0.5, 5));
    expect(meter.integrated(2)! - meter.integrated(1)!).toBeCloseTo(3, 0);
  });

  it('gates out silence, and has nothing to say about silence alone', () => {
    const withPause = new LoudnessMeter(RATE);
    withPause.add(sine(997, 0.5, 3));
    withPause.add(new Int16Array(RATE * 10));
    expect(withPause.integrated()).toBeCloseTo(-9.03, 0);

    const silent = new LoudnessMeter(RATE);
    silent.add(new Int16Array(RATE * 3));
    expect(silent.integrated()).toBeNull();
  });
});

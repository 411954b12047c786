import { describe, expect, it } from 'vitest';
import { concatSamples, downmixToMono, encodeWav } from './wav-encoder';

const text = (view: DataView, offset: number, length: number) =>
  String.fromCharCode(...Array.from({ length }, (_, index) => view.getUint8(offset + index)));

describe('encodeWav', () => {
  it('writes a 16-bit PCM RIFF header that describes the samples', () => {
    const view = new DataView(encodeWav([new Float32Array(480)], 48_000));
    expect(text(view, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 960);
    expect(text(view, 8, 8)).toBe('WAVEfmt ');
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(48_000);
    expect(view.getUint32(28, true)).toBe(96_000); // bytes per second
    expect(view.getUint16(32, true)).toBe(2); // block align
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(view, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(960);
    expect(view.byteLength).toBe(44 + 960);
  });

  it('interleaves channels and clips samples to full scale', () => {
    const left = new Float32Array([0, 1, -1, 2]);
    const right = new Float32Array([0.5, -0.5, -2, 0]);
    const view = new DataView(encodeWav([left, right], 8_000));
    const samples = Array.from({ length: 8 }, (_, index) => view.getInt16(44 + index * 2, true));
    expect(samples).toEqual([0, 16384, 32767, -16384, -32768, -32768, 32767, 0]);
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint16(32, true)).toBe(4);
  });

  it('refuses channels of different lengths', () => {
    expect(() => encodeWav([new Float32Array(2), new Float32Array(3)], 8_000)).toThrow(/same number/);
    expect(() => encodeWav([], 8_000)).toThrow(/at least one channel/);
  });
});

describe('downmixToMono and concatSamples', () => {
  it('averages channels and joins parts end to end', () => {
    expect(Array.from(downmixToMono([new Float32Array([1, 0]), new Float32Array([0, -1])]))).toEqual([
      0.5, -0.5,
    ]);
    const only = new Float32Array([0.25]);
    expect(downmixToMono([only])).toBe(only);
    expect(
      Array.from(concatSamples([new Float32Array([1]), new Float32Array([]), new Float32Array([2, 3])])),
    ).toEqual([1, 2, 3]);
  });
});

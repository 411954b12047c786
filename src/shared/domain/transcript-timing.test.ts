import { describe, expect, it } from 'vitest';
import { activeWordIndex, computeWordTimings } from './transcript-timing';

describe('computeWordTimings (spec §9)', () => {
  it('needs both text and a duration', () => {
    expect(computeWordTimings('', 10)).toEqual([]);
    expect(computeWordTimings(null, 10)).toEqual([]);
    expect(computeWordTimings('hello there', 0)).toEqual([]);
  });

  it('splits on whitespace and weighs words by letters and digits over 95 % of the time', () => {
    const words = computeWordTimings('  Hi,\nthere  42  ', 100);
    expect(words.map((word) => word.text)).toEqual(['Hi,', 'there', '42']);
    // 2 + 5 + 2 = 9 spoken characters share 95 s; two gaps share 5 s.
    const [hi, there, number] = words;
    expect(hi!.start).toBe(0);
    expect(hi!.end).toBeCloseTo((2 / 9) * 95);
    expect(there!.start).toBeCloseTo((2 / 9) * 95 + 2.5);
    expect(there!.end - there!.start).toBeCloseTo((5 / 9) * 95);
    expect(number!.end).toBeCloseTo(100);
    expect(words.map((word) => word.index)).toEqual([0, 1, 2]);
  });

  it('gives a single word 95 % of the time', () => {
    const [only] = computeWordTimings('hello', 10);
    expect(only).toEqual({ text: 'hello', start: 0, end: 9.5, index: 0 });
  });

  it('finds the word being spoken, keeping the last one lit through a pause', () => {
    const words = computeWordTimings('one two three', 30);
    expect(activeWordIndex(words, -1)).toBe(-1);
    expect(activeWordIndex(words, 0)).toBe(0);
    expect(activeWordIndex(words, words[1]!.start + 0.01)).toBe(1);
    expect(activeWordIndex(words, words[0]!.end + 0.01)).toBe(0);
    expect(activeWordIndex(words, 29.9)).toBe(2);
  });
});

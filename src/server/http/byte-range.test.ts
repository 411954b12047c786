import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

const SIZE = 1000;
const partial = (start: number, end: number) => ({ kind: 'partial', range: { start, end } });

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', partial(0, 99)],
    ['bytes=100-199', partial(100, 199)],
    ['bytes=990-5000', partial(990, 999)],
    ['bytes=500-', partial(500, 999)],
    ['bytes=0-', partial(0, 999)],
    ['bytes=-50', partial(950, 999)],
    ['bytes=-5000', partial(0, 999)],
    ['BYTES=7-7', partial(7, 7)],
    ['bytes= 1-2 ', partial(1, 2)],
  ])('reads %s as one range clamped to the object', (header, expected) => {
    expect(parseRange(header, SIZE)).toEqual(expected);
  });

  it.each(['bytes=1000-', 'bytes=1000-1001', 'bytes=-0'])('cannot satisfy %s', (header) => {
    expect(parseRange(header, SIZE)).toEqual({ kind: 'unsatisfiable' });
  });

  it('cannot satisfy any range of an empty object', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([
    undefined,
    '',
    'bytes=0-1,5-6',
    'bytes=0-1, 5-6',
    'bytes=5-1',
    'bytes=-',
    'bytes=abc',
    'bytes=1.5-2',
    'items=0-1',
    'bytes 0-1',
  ])('sends the whole object for %s (none, several ranges, or malformed)', (header) => {
    expect(parseRange(header, SIZE)).toEqual({ kind: 'whole' });
  });
});

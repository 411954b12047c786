import { describe, expect, it } from 'vitest';
import { resolveEdits } from '@shared/domain/edit-list';
import { editorBars } from './waveform-bars';

// Ten peaks a second: the original rises 0.1 a second, the take is loud throughout.
const original = {
  peaksPerSecond: 10,
  peaks: Array.from({ length: 100 }, (_, index) => Math.floor(index / 10) / 10),
};
const take = { peaksPerSecond: 10, peaks: Array.from({ length: 20 }, () => 0.9) };
const peaks = new Map([
  ['original', original],
  ['t1', take],
]);

const rounded = (bars: (number | null)[]) =>
  bars.map((bar) => (bar === null ? null : Number(bar.toFixed(3))));

describe('editorBars', () => {
  it('draws the original through a cut, scaled to the loudest peak', () => {
    const segments = resolveEdits(10_000, new Map(), [{ kind: 'delete', start: 2_000, end: 8_000 }]);
    const bars = editorBars(segments, peaks, 0, 4_000, 4);
    expect(rounded(bars)).toEqual([0, 0.111, 0.889, 1]);
  });

  it('draws an inserted take where it was put', () => {
    const segments = resolveEdits(10_000, new Map([['t1', 2_000]]), [
      { kind: 'insert', at: 1_000, takeId: 't1' },
    ]);
    const bars = editorBars(segments, peaks, 0, 4_000, 4);
    expect(rounded(bars)).toEqual([0, 1, 1, 0.111]);
  });

  it('covers only the visible window when zoomed', () => {
    const segments = resolveEdits(10_000, new Map(), []);
    const bars = editorBars(segments, peaks, 5_000, 2_000, 2);
    expect(rounded(bars)).toEqual([0.556, 0.667]);
  });

  it('leaves only the stretch of a source without peaks to the placeholder', () => {
    const segments = resolveEdits(10_000, new Map([['t2', 2_000]]), [{ kind: 'append', takeId: 't2' }]);
    const bars = editorBars(segments, peaks, 0, 12_000, 6);
    expect(rounded(bars)).toEqual([0.111, 0.333, 0.556, 0.778, 1, null]);
    expect(editorBars(segments, new Map(), 0, 12_000, 3)).toEqual([null, null, null]);
  });
});

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

describe('editorBars', () => {
  it('draws the original through a cut, scaled to the loudest peak', () => {
    const segments = resolveEdits(10_000, new Map(), [{ kind: 'delete', start: 2_000, end: 8_000 }]);
    const bars = editorBars(segments, peaks, 0, 4_000, 4);
    expect(bars?.map((bar) => Number(bar.toFixed(3)))).toEqual([0, 0.111, 0.889, 1]);
  });

  it('draws an inserted take where it was put', () => {
    const segments = resolveEdits(10_000, new Map([['t1', 2_000]]), [
      { kind: 'insert', at: 1_000, takeId: 't1' },
    ]);
    const bars = editorBars(segments, peaks, 0, 4_000, 4);
    expect(bars?.map((bar) => Number(bar.toFixed(3)))).toEqual([0, 1, 1, 0.111]);
  });

  it('covers only the visible window when zoomed', () => {
    const segments = resolveEdits(10_000, new Map(), []);
    const bars = editorBars(segments, peaks, 5_000, 2_000, 2);
    expect(bars?.map((bar) => Number(bar.toFixed(3)))).toEqual([0.556, 0.667]);
  });

  it('is null when a source in view has no peaks, for the placeholder', () => {
    const segments = resolveEdits(10_000, new Map([['t2', 1_000]]), [{ kind: 'append', takeId: 't2' }]);
    expect(editorBars(segments, peaks, 0, 11_000)).toBeNull();
    expect(editorBars(segments, peaks, 0, 5_000)).not.toBeNull();
  });
});

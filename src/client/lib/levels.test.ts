import { describe, expect, it } from 'vitest';
import { levelsToBars } from './levels';

describe('preview bars from recorded levels', () => {
  it('averages into the asked number of bars, the loudest at full height', () => {
    const bars = levelsToBars([0.1, 0.1, 0.4, 0.4, 0.2, 0.2], 3);
    expect(bars).toHaveLength(3);
    expect(bars[1]).toBe(1);
    expect(bars[0]).toBeCloseTo(0.25);
    expect(bars[2]).toBeCloseTo(0.5);
  });

  it('stretches short takes and keeps silence visible', () => {
    expect(levelsToBars([0.5], 4)).toEqual([1, 1, 1, 1]);
    expect(levelsToBars([], 2)).toEqual([0.08, 0.08]);
    expect(levelsToBars([0, 0], 2)).toEqual([0.08, 0.08]);
  });
});

import { describe, expect, it } from 'vitest';
import { matchParts } from './match-parts';

describe('a found post’s excerpt', () => {
  it('is cut into plain and matched runs at its highlights', () => {
    expect(
      matchParts({
        excerpt: 'the harbour at dawn, harbour bells',
        highlights: [
          [4, 11],
          [21, 28],
        ],
      }),
    ).toEqual([
      { text: 'the ', highlighted: false },
      { text: 'harbour', highlighted: true },
      { text: ' at dawn, ', highlighted: false },
      { text: 'harbour', highlighted: true },
      { text: ' bells', highlighted: false },
    ]);
  });

  it('ignores ranges that are empty, overlap an earlier one or run past the text', () => {
    expect(
      matchParts({
        excerpt: 'music',
        highlights: [
          [2, 2],
          [0, 3],
          [1, 4],
          [3, 99],
        ],
      }),
    ).toEqual([{ text: 'music', highlighted: true }]);
    expect(matchParts({ excerpt: 'plain', highlights: [] })).toEqual([{ text: 'plain', highlighted: false }]);
  });
});

import { describe, expect, it } from 'vitest';
import { FALLBACK_CATEGORY, feedCategory } from './podcast-categories';

describe('feedCategory', () => {
  it('names the Apple category most pods are in, however it is written', () => {
    expect(feedCategory(['music', 'Tech', ' TECHNOLOGY ', 'Music', 'technology'])).toEqual({
      name: 'Technology',
    });
    expect(feedCategory(['Kids and Family'])).toEqual({ name: 'Kids & Family' });
  });

  it('lets the newest pod’s category win a tie', () => {
    expect(feedCategory(['Comedy', 'News', 'News', 'Comedy'])).toEqual({ name: 'Comedy' });
  });

  it('falls back to personal journals when no category maps', () => {
    expect(feedCategory(['General', 'Talk'])).toEqual(FALLBACK_CATEGORY);
    expect(feedCategory([])).toEqual(FALLBACK_CATEGORY);
  });
});

import { describe, expect, it } from 'vitest';
import { applyReaction, formatCount } from './reactions';

describe('optimistic reactions', () => {
  it('flips a like and moves its count', () => {
    const state = { like: { liked: false, count: 2 }, dislike: { disliked: false, count: 0 } };
    expect(applyReaction(state, 'like')).toEqual({
      like: { liked: true, count: 3 },
      dislike: { disliked: false, count: 0 },
    });
    expect(applyReaction(applyReaction(state, 'like'), 'like')).toEqual(state);
  });

  it('a like replaces a dislike, and a dislike replaces a like', () => {
    const disliked = { like: { liked: false, count: 4 }, dislike: { disliked: true, count: 1 } };
    expect(applyReaction(disliked, 'like')).toEqual({
      like: { liked: true, count: 5 },
      dislike: { disliked: false, count: 0 },
    });
    const liked = { like: { liked: true, count: 1 }, dislike: { disliked: false, count: 7 } };
    expect(applyReaction(liked, 'dislike')).toEqual({
      like: { liked: false, count: 0 },
      dislike: { disliked: true, count: 8 },
    });
  });

  it('leaves unknown statuses alone and never counts below zero', () => {
    expect(applyReaction({ like: undefined, dislike: undefined }, 'like')).toEqual({
      like: undefined,
      dislike: undefined,
    });
    expect(applyReaction({ like: { liked: true, count: 0 }, dislike: undefined }, 'like')).toEqual({
      like: { liked: false, count: 0 },
      dislike: undefined,
    });
  });

  it('formats counts with separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1204)).toBe('1,204');
    expect(formatCount(-3)).toBe('0');
  });
});

import { describe, expect, it } from 'vitest';
import { USERNAME_PATTERN, randomUsername } from './username';

describe('randomUsername', () => {
  it('is a valid handle at both ends of every word list', () => {
    expect(randomUsername(() => 0)).toBe('amber-badger-0000');
    const last = randomUsername((n) => n - 1);
    expect(last).toBe('young-wren-9999');
    for (const name of ['amber-badger-0000', last]) expect(name).toMatch(USERNAME_PATTERN);
  });

  it('draws from a larger space with more digits, still a valid handle at the longest', () => {
    expect(randomUsername(() => 7, 6)).toBe('gentle-harbor-000007');
    const draws = [19, 21];
    const longest = randomUsername((n) => draws.shift() ?? n - 1, 10);
    expect(longest).toBe('steady-starling-9999999999');
    expect(longest).toMatch(USERNAME_PATTERN);
  });
});

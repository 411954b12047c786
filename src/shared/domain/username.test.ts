import { describe, expect, it } from 'vitest';
import { USERNAME_PATTERN, usernameFromEmail } from './username';

describe('usernameFromEmail', () => {
  it.each([
    ['Ada.Lovelace@example.com', 'ada.lovelace'],
    ['a+b!c@example.com', 'abc'],
    ['x@example.com', 'xuser'],
    ['ñ@example.com', 'user'],
    [`${'long'.repeat(20)}@example.com`, 'long'.repeat(20).slice(0, 26)],
  ])('turns %s into a valid handle %s', (email, expected) => {
    const username = usernameFromEmail(email);
    expect(username).toBe(expected);
    expect(username).toMatch(USERNAME_PATTERN);
  });
});

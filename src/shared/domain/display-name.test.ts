import { describe, expect, it } from 'vitest';
import { displayName } from './display-name';

describe('displayName (spec §3)', () => {
  it('uses first and last name when both exist', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe(
      'Ada Lovelace',
    );
  });

  it('falls back to the e-mail’s local part, then the username, then "Unknown User"', () => {
    expect(displayName({ firstName: 'Ada', lastName: null, email: 'ada.l@example.com' })).toBe('ada.l');
    expect(displayName({ firstName: 'Ada', username: 'ada.l' })).toBe('ada.l');
    expect(displayName({})).toBe('Unknown User');
    expect(displayName(null)).toBe('Unknown User');
  });
});

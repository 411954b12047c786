import { describe, expect, it } from 'vitest';
import { displayName } from './display-name';

describe('displayName (spec §3)', () => {
  it('uses first and last name when both exist', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe(
      'Ada Lovelace',
    );
  });

  it('uses the one name given when the other is missing', () => {
    expect(displayName({ firstName: 'Carol', lastName: null, email: 'carol@example.com' })).toBe('Carol');
    expect(displayName({ firstName: null, lastName: 'Okafor', username: 'quiet-otter-0042' })).toBe('Okafor');
  });

  it('falls back to the e-mail’s local part, then the username, then "Unknown User"', () => {
    expect(displayName({ firstName: '', lastName: null, email: 'ada.l@example.com' })).toBe('ada.l');
    expect(displayName({ username: 'ada.l' })).toBe('ada.l');
    expect(displayName({})).toBe('Unknown User');
    expect(displayName(null)).toBe('Unknown User');
  });
});

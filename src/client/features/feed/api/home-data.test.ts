import { describe, expect, it } from 'vitest';
import { shouldRetryFeed } from './home-data';

describe('feed retries (spec §7, §8)', () => {
  it('retries other failures up to 3 times', () => {
    const error = new Error('500: Internal Server Error');
    expect(shouldRetryFeed(0, error)).toBe(true);
    expect(shouldRetryFeed(2, error)).toBe(true);
    expect(shouldRetryFeed(3, error)).toBe(false);
  });

  it('never retries a 401 Unauthorized', () => {
    expect(shouldRetryFeed(0, new Error('401: Unauthorized'))).toBe(false);
    expect(shouldRetryFeed(0, new Error('401: {"message":"Sign in first"}'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { homeServerOf } from './home-server';

describe('homeServerOf', () => {
  it('names the server of someone of another server, and none for our own people', () => {
    expect(homeServerOf('alice@mastodon.example')).toBe('mastodon.example');
    expect(homeServerOf('alice@127.0.0.2:4301')).toBe('127.0.0.2:4301');
    expect(homeServerOf('ana')).toBeUndefined();
    expect(homeServerOf(undefined)).toBeUndefined();
  });
});

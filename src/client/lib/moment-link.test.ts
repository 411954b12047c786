import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { momentFromSearch, postShareUrl } from './moment-link';

describe('postShareUrl', () => {
  beforeEach(() => vi.stubGlobal('location', { origin: 'https://earshot.example' }));
  afterEach(() => vi.unstubAllGlobals());

  it('links the post, at the whole second the playhead is in', () => {
    expect(postShareUrl('p 1')).toBe('https://earshot.example/posts/p%201');
    expect(postShareUrl('p1', 73.9)).toBe('https://earshot.example/posts/p1?t=73');
  });

  it('leaves the moment out at the very start or when it makes no sense', () => {
    expect(postShareUrl('p1', 0.4)).toBe('https://earshot.example/posts/p1');
    expect(postShareUrl('p1', Number.NaN)).toBe('https://earshot.example/posts/p1');
    expect(postShareUrl('p1', -5)).toBe('https://earshot.example/posts/p1');
  });
});

describe('momentFromSearch', () => {
  it('reads whole seconds', () => {
    expect(momentFromSearch('?t=73', 120)).toBe(73);
    expect(momentFromSearch('?x=1&t=73.8', 120)).toBe(73);
    expect(momentFromSearch('t=73', 0)).toBe(73);
  });

  it('ignores what cannot be a moment of this post', () => {
    for (const search of [
      '',
      '?t=',
      '?t=-5',
      '?t=abc',
      '?t=NaN',
      '?t=Infinity',
      '?t=1e3',
      '?t=0',
      '?t=0.5',
    ]) {
      expect(momentFromSearch(search, 120), search).toBeNull();
    }
    expect(momentFromSearch('?t=120', 120)).toBeNull();
    expect(momentFromSearch('?t=500', 120)).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linksToMoments, momentFromSearch, postShareUrl } from './moment-link';

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

  it('reads minutes and seconds as clocks and as units', () => {
    expect(momentFromSearch('?t=1:13', 120)).toBe(73);
    expect(momentFromSearch('?t=01:13.9', 120)).toBe(73);
    expect(momentFromSearch('?t=1:02:03', 4000)).toBe(3723);
    expect(momentFromSearch('?t=1m13s', 120)).toBe(73);
    expect(momentFromSearch('?t=1M13S', 120)).toBe(73);
    expect(momentFromSearch('?t=73s', 120)).toBe(73);
    expect(momentFromSearch('?t=2m', 200)).toBe(120);
    expect(momentFromSearch('?t=1h2m3s', 4000)).toBe(3723);
    expect(momentFromSearch('?t=1h', 4000)).toBe(3600);
    expect(momentFromSearch('?t=2:00', 120)).toBeNull();
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
      '?t=1:75',
      '?t=:13',
      '?t=1:',
      '?t=1:2:3:4',
      '?t=m',
      '?t=s',
      '?t=13s1m',
      '?t=1m-3s',
      '?t=0:00',
    ]) {
      expect(momentFromSearch(search, 120), search).toBeNull();
    }
    expect(momentFromSearch('?t=120', 120)).toBeNull();
    expect(momentFromSearch('?t=500', 120)).toBeNull();
  });
});

describe('linksToMoments', () => {
  it('offers links to the moments of published posts, private ones included, and not of drafts', () => {
    expect(linksToMoments({ isDraft: false })).toBe(true);
    expect(linksToMoments({ isDraft: true })).toBe(false);
  });
});

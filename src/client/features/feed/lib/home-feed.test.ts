import { describe, expect, it } from 'vitest';
import type { Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';
import { publicUserWith } from '@shared/domain/public-user';
import { routeUrl } from '@client/lib/api-client';
import { newPodsFrom, newPostsFrom, recentActivityFrom, storiesFrom, suggestedUsersFrom } from './home-feed';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW - hours * 3600_000).toISOString();

function user(id: string, extra: Partial<PublicUser> = {}): PublicUser {
  return publicUserWith({
    id,
    firstName: 'Ada',
    lastName: 'L',
    username: `user-${id}`,
    createdAt: hoursAgo(100),
    postCount: 1,
    ...extra,
  });
}

function post(id: string, extra: Partial<Post> = {}): Post {
  const author = extra.user ?? user(extra.userId ?? 'u1');
  return {
    id,
    userId: author.id,
    user: author,
    type: 'post',
    isDraft: false,
    isPrivate: false,
    title: id,
    category: 'General',
    duration: 10,
    audioUrl: `/media/${id}.webm`,
    audioSources: [],
    peaksUrl: routeUrl('getPostPeaks', { params: { id } }),
    imageUrl: null,
    waveformData: [],
    transcription: null,
    chapters: [],
    affiliateLink: null,
    affiliateLinkTitle: null,
    allowVisitorComments: false,
    createdAt: hoursAgo(1),
    ...extra,
  } as Post;
}

describe('home feed rules (spec §2, §5, §9)', () => {
  it('makes one story per person from the last 24 hours', () => {
    const feed = [
      post('new', { user: user('u1'), createdAt: hoursAgo(1) }),
      post('older', { user: user('u1'), createdAt: hoursAgo(5) }),
      post('other', { user: user('u2'), createdAt: hoursAgo(23) }),
      post('stale', { user: user('u3'), createdAt: hoursAgo(25) }),
    ];
    const stories = storiesFrom(feed, NOW);
    expect(stories.map((story) => story.user.id)).toEqual(['u1', 'u2']);
    expect(stories[0]!.posts.map((p) => p.id)).toEqual(['new', 'older']);
  });

  it('leaves items over 30 s out of recent activity', () => {
    const feed = [
      post('short', { duration: 30 }),
      post('long', { duration: 31 }),
      post('old', { duration: 5, createdAt: hoursAgo(30) }),
    ];
    expect(recentActivityFrom(feed, NOW).map((p) => p.id)).toEqual(['short']);
  });

  it('splits posts and pods', () => {
    const feed = [
      post('p'),
      post('d', { type: 'diary' }),
      post('draft', { isDraft: true }),
      post('e1', { type: 'episode' }),
      post('e2', { type: 'episode' }),
      post('e3', { type: 'episode' }),
      post('e4', { type: 'episode' }),
    ];
    expect(newPostsFrom(feed).map((p) => p.id)).toEqual(['p', 'd']);
    expect(newPodsFrom(feed).map((p) => p.id)).toEqual(['e1', 'e2', 'e3']);
  });

  it('suggests at most 3 people, one each, never oneself', () => {
    const feed = [
      post('1', { user: user('me') }),
      post('2', { user: user('a') }),
      post('3', { user: user('a') }),
    ];
    const all = [post('4', { user: user('me') }), post('5', { user: user('b') })];
    const users = [user('c'), user('d'), user('idle', { postCount: 0 })];
    expect(suggestedUsersFrom([feed, all], 'me', users).map((u) => u.id)).toEqual(['a', 'b', 'c']);
    expect(suggestedUsersFrom([feed], 'me', [user('idle', { postCount: 0 })]).map((u) => u.id)).toEqual([
      'a',
    ]);
  });
});

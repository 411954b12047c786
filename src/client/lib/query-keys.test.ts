import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { routeUrl } from './api-client';
import { keysetPagesOptions } from './keyset-page';
import { followListQueries, postListQueries, routeKey } from './query-keys';

/** A cache holding these keys, none of them stale yet. */
function cacheWith(keys: readonly (readonly unknown[])[]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, []);
  return client;
}

function invalidatedBy(client: QueryClient, filter: typeof postListQueries): unknown[] {
  void client.invalidateQueries(filter, { cancelRefetch: false, throwOnError: false });
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey[0]);
}

describe('query keys from the contract', () => {
  it('is the GET path with its params filled in, which the default loader fetches', () => {
    const userPosts = { params: { userId: 'u1' } };
    expect(routeKey('feed')).toEqual([routeUrl('feed')]);
    expect(routeKey('getPost', { id: 'a b' })).toEqual([routeUrl('getPost', { params: { id: 'a b' } })]);
    expect(routeKey('getPost', { id: 'a b' })[0]).toMatch(/\/a%20b$/);
    expect(keysetPagesOptions('listUserPosts', { ...userPosts, limit: 12 })).toMatchObject({
      queryKey: [routeUrl('listUserPosts', userPosts), 'pages'],
      initialPageParam: routeUrl('listUserPosts', { ...userPosts, query: { limit: 12 } }),
    });
  });

  it('refreshes every list a post appears in after publishing or deleting, and nothing else', () => {
    const client = cacheWith([
      routeKey('feed'),
      routeKey('listPosts'),
      keysetPagesOptions('listUserPosts', { params: { userId: 'u1' } }).queryKey,
      keysetPagesOptions('listDrafts', {}).queryKey,
      keysetPagesOptions('searchPosts', { params: { query: 'harbour' } }).queryKey,
      routeKey('trendingPosts'),
      keysetPagesOptions('searchUsers', { params: { query: 'harbour' } }).queryKey,
      routeKey('getPost', { id: 'p1' }),
      routeKey('listComments', { id: 'p1' }),
      routeKey('listUsers'),
    ]);
    expect(invalidatedBy(client, postListQueries)).toEqual([
      routeUrl('feed'),
      routeUrl('listPosts'),
      routeUrl('listUserPosts', { params: { userId: 'u1' } }),
      routeUrl('listDrafts'),
      routeUrl('searchPosts', { params: { query: 'harbour' } }),
      routeUrl('trendingPosts'),
    ]);
  });

  it('refreshes every follower and following count and list after a follow', () => {
    const client = cacheWith([
      routeKey('followerCount', { userId: 'u1' }),
      routeKey('followingCount', { userId: 'u2' }),
      keysetPagesOptions('listFollowers', { params: { userId: 'u1' } }).queryKey,
      routeKey('followStatus', { userId: 'u1' }),
      routeKey('getUser', { id: 'u1' }),
    ]);
    expect(invalidatedBy(client, followListQueries)).toEqual([
      routeUrl('followerCount', { params: { userId: 'u1' } }),
      routeUrl('followingCount', { params: { userId: 'u2' } }),
      routeUrl('listFollowers', { params: { userId: 'u1' } }),
    ]);
  });
});

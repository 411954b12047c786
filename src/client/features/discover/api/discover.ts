import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import { DISCOVER_TRENDING_POSTS } from '@shared/domain/limits';
import { apiRequest } from '@client/lib/api-client';
import { routeKey } from '@client/lib/query-keys';

/** Trending moves with listening: coming back to Discover after a minute asks again. */
const DISCOVER_STALE_MS = 60_000;

/** GET /api/discover/trending: the first 10 (spec §9). One of the post lists, refreshed when a post changes. */
export const trendingPostsQueryOptions = () =>
  queryOptions({
    queryKey: [routeKey('trendingPosts')[0], { limit: DISCOVER_TRENDING_POSTS }] as const,
    queryFn: ({ signal }) =>
      apiRequest('trendingPosts', { query: { limit: DISCOVER_TRENDING_POSTS }, signal }),
    staleTime: DISCOVER_STALE_MS,
  });

/** GET /api/discover/active-users: the server's default is Discover's 5 (spec §9). */
export const activeUsersQueryOptions = () =>
  queryOptions<RouteResponse<Routes['activeUsers']>>({
    queryKey: routeKey('activeUsers'),
    staleTime: DISCOVER_STALE_MS,
  });

export function useTrendingPosts() {
  return useQuery(trendingPostsQueryOptions());
}

export function useActiveUsers() {
  return useQuery(activeUsersQueryOptions());
}

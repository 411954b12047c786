import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import { routeKey } from '@client/lib/query-keys';

/**
 * Spec §7/§8: the feed is retried up to 3 times, except for a 401 Unauthorized (any 401: the session is gone,
 * whatever the body says).
 */
export function shouldRetryFeed(failureCount: number, error: Error): boolean {
  if (error.message.startsWith('401')) return false;
  return failureCount < 3;
}

/** The first page of the feed (newest first, 50 items): all Home needs. */
export const feedQueryOptions = () =>
  queryOptions<RouteResponse<Routes['feed']>>({ queryKey: routeKey('feed'), retry: shouldRetryFeed });

/** Every post the person may see, for suggesting voices. */
export const postListQueryOptions = () =>
  queryOptions<RouteResponse<Routes['listPosts']>>({ queryKey: routeKey('listPosts') });

export const userListQueryOptions = () =>
  queryOptions<RouteResponse<Routes['listUsers']>>({ queryKey: routeKey('listUsers') });

export function useFeed() {
  return useQuery(feedQueryOptions());
}

export function usePostList() {
  return useQuery(postListQueryOptions());
}

export function useUserList() {
  return useQuery(userListQueryOptions());
}

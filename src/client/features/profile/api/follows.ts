import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import { LIST_DEFAULT_LIMIT } from '@shared/domain/limits';
import { keysetPagesOptions } from '@client/lib/keyset-page';
import { routeKey } from '@client/lib/query-keys';

export type FollowSide = 'followers' | 'following';

// These are the follow lists (`followListQueries`) that the social feature's follow toggle refreshes, so a follow
// or unfollow updates these counts and lists.

/** GET /api/followers/count/{id} or /api/following/count/{id}: a number. */
export const followCountQueryOptions = (userId: string, side: FollowSide) =>
  queryOptions<RouteResponse<Routes['followerCount' | 'followingCount']>>({
    queryKey: routeKey(side === 'followers' ? 'followerCount' : 'followingCount', { userId }),
  });

/** GET /api/followers/{id} or /api/following/{id}, most recent first, a page at a time. */
export const followPeopleQueryOptions = (userId: string, side: FollowSide) =>
  keysetPagesOptions(side === 'followers' ? 'listFollowers' : 'listFollowing', {
    params: { userId },
    limit: LIST_DEFAULT_LIMIT,
  });

export function useFollowCount(userId: string, side: FollowSide) {
  return useQuery(followCountQueryOptions(userId, side));
}

/** Asked only when shown. */
export function useFollowPeople(userId: string, side: FollowSide, enabled: boolean) {
  return useInfiniteQuery({ ...followPeopleQueryOptions(userId, side), enabled });
}

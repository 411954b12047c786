import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { PublicUser } from '@shared/contract/users';
import { LIST_DEFAULT_LIMIT } from '@shared/domain/limits';
import { fetchKeysetPage } from '@client/lib/keyset-page';

export type FollowSide = 'followers' | 'following';

// Keys start with the endpoint's path: the social feature's follow toggle refreshes every `/api/followers/…` and
// `/api/following/…` query, so a follow or unfollow updates these counts and lists.
const countPath = (userId: string, side: FollowSide) =>
  buildPath(endpoints[side === 'followers' ? 'followerCount' : 'followingCount'].path, { userId });
const listPath = (userId: string, side: FollowSide) =>
  buildPath(endpoints[side === 'followers' ? 'listFollowers' : 'listFollowing'].path, { userId });

/** GET /api/followers/count/{id} or /api/following/count/{id}: a number. */
export function useFollowCount(userId: string, side: FollowSide) {
  return useQuery<number>({ queryKey: [countPath(userId, side)] });
}

/** GET /api/followers/{id} or /api/following/{id}, most recent first, a page at a time; asked when shown. */
export function useFollowPeople(userId: string, side: FollowSide, enabled: boolean) {
  const path = listPath(userId, side);
  return useInfiniteQuery({
    queryKey: [path, 'pages'],
    queryFn: ({ pageParam, signal }) => fetchKeysetPage<PublicUser>(pageParam, signal),
    initialPageParam: `${path}?limit=${LIST_DEFAULT_LIMIT}`,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
  });
}

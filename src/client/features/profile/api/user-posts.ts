import { useInfiniteQuery } from '@tanstack/react-query';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { Post } from '@shared/contract/posts';
import { fetchKeysetPage } from '@client/lib/keyset-page';

/** A grid of 2 or 3 columns: whole rows either way. */
export const PROFILE_POSTS_PAGE = 12;

/**
 * GET /api/posts/user/{id}, newest first, a page at a time (keyset cursor from the `Link` header). The server
 * decides what is shown: the owner also gets their private items. The key starts with `/api/posts`, so publishing
 * or deleting a post refreshes it.
 */
export function useUserPosts(userId: string) {
  return useInfiniteQuery({
    queryKey: ['/api/posts', 'user', userId, 'pages'],
    queryFn: ({ pageParam, signal }) => fetchKeysetPage<Post>(pageParam, signal),
    initialPageParam: `${buildPath(endpoints.listUserPosts.path, { userId })}?limit=${PROFILE_POSTS_PAGE}`,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

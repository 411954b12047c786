import { useInfiniteQuery } from '@tanstack/react-query';
import type { UserPostsFilters } from '@shared/contract/posts';
import { keysetPagesOptions } from '@client/lib/keyset-page';

/** A grid of 2 or 3 columns: whole rows either way. */
export const PROFILE_POSTS_PAGE = 12;

/**
 * GET /api/posts/user/{id}, newest first, a page at a time (keyset cursor from the `Link` header), of one type or
 * category when filtered. The server decides what is shown: the owner also gets their private items. One of the
 * post lists (`postListQueries`), so publishing or deleting a post refreshes it, filtered or not.
 */
export const userPostsQueryOptions = (userId: string, filters: UserPostsFilters = {}) =>
  keysetPagesOptions('listUserPosts', { params: { userId }, limit: PROFILE_POSTS_PAGE, filters });

export function useUserPosts(userId: string, filters?: UserPostsFilters) {
  return useInfiniteQuery(userPostsQueryOptions(userId, filters));
}

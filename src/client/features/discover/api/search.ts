import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { keysetPagesOptions } from '@client/lib/keyset-page';

/** Whole rows of 2, 3 or 4 cards. */
export const SEARCH_PAGE = 12;

/**
 * GET /api/search/posts/{query} and /api/search/users/{query}, a page at a time (keyset cursor). A new query keeps
 * the previous results on screen until its own arrive, and one that is no longer wanted is cancelled (the query's
 * AbortSignal reaches fetch).
 */
export function usePostSearch(query: string) {
  return useInfiniteQuery({
    ...keysetPagesOptions('searchPosts', { params: { query }, limit: SEARCH_PAGE }),
    placeholderData: keepPreviousData,
  });
}

export function useUserSearch(query: string) {
  return useInfiniteQuery({
    ...keysetPagesOptions('searchUsers', { params: { query }, limit: SEARCH_PAGE }),
    placeholderData: keepPreviousData,
  });
}

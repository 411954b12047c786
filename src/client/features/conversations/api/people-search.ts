import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH } from '@shared/domain/limits';
import { keysetPagesOptions } from '@client/lib/keyset-page';

export const PEOPLE_PAGE = 20;

/** GET /api/search/users/{query}, once the query is long enough (spec §5: more than 2 characters). */
export function usePeopleSearch(query: string) {
  const trimmed = query.trim();
  return useInfiniteQuery({
    ...keysetPagesOptions('searchUsers', { params: { query: trimmed }, limit: PEOPLE_PAGE }),
    enabled: trimmed.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}

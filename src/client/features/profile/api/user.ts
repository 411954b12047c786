import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import { USER_CACHE_MS } from '@shared/domain/limits';
import { ApiError } from '@client/lib/api-client';
import { routeKey } from '@client/lib/query-keys';

/**
 * Spec §7: the user is retried 3 times. An answer the server means (a 4xx: no such user, signed out) is not
 * retried: asking again cannot change it, and the not-found state should not wait seconds for nothing.
 */
export function shouldRetryUser(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

/** GET /api/users/{id}: anyone's public profile, cached 5 minutes (spec §7). */
export const profileUserQueryOptions = (userId: string) =>
  queryOptions<RouteResponse<Routes['getUser']>>({
    queryKey: routeKey('getUser', { id: userId }),
    staleTime: USER_CACHE_MS,
    retry: shouldRetryUser,
  });

export function useProfileUser(userId: string) {
  return useQuery(profileUserQueryOptions(userId));
}

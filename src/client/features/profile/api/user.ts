import { useQuery } from '@tanstack/react-query';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { PublicUser } from '@shared/contract/users';
import { USER_CACHE_MS } from '@shared/domain/limits';
import { ApiError } from '@client/lib/api-client';

export const userKey = (userId: string) => [buildPath(endpoints.getUser.path, { id: userId })];

/**
 * Spec §7: the user is retried 3 times. An answer the server means (a 4xx: no such user, signed out) is not
 * retried: asking again cannot change it, and the not-found state should not wait seconds for nothing.
 */
export function shouldRetryUser(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

/** GET /api/users/{id}: anyone's public profile, cached 5 minutes (spec §7). */
export function useProfileUser(userId: string) {
  return useQuery<PublicUser>({
    queryKey: userKey(userId),
    staleTime: USER_CACHE_MS,
    retry: shouldRetryUser,
  });
}

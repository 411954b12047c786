import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import { apiRequest, isUnauthorizedError } from '@client/lib/api-client';
import { followListQueries, routeKey } from '@client/lib/query-keys';
import { toast } from '@client/lib/use-toast';

/** Spec §3: whether I follow `userId`. */
export const followStatusQueryOptions = (userId: string) =>
  queryOptions<RouteResponse<Routes['followStatus']>>({ queryKey: routeKey('followStatus', { userId }) });

/** Only asked when signed in and not about oneself. */
export function useFollowStatus(userId: string, enabled: boolean) {
  return useQuery({ ...followStatusQueryOptions(userId), enabled });
}

/**
 * Spec §4 Follow: the same POST toggles following on and off (a person of another server: asking, until their
 * server accepts, and withdrawing). Counts and lists refresh afterwards; a failure
 * says "Failed to update follow status" (spec §8), except a 401, which the global handler takes.
 */
export function useToggleFollow(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('toggleFollow', { body: { followingId: userId } }),
    onSuccess: ({ followed, requested }) => {
      queryClient.setQueryData(followStatusQueryOptions(userId).queryKey, { following: followed, requested });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update follow status' });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: followStatusQueryOptions(userId).queryKey }),
        // Follower and following counts and lists, which the profile feature shows.
        queryClient.invalidateQueries(followListQueries),
      ]),
  });
}

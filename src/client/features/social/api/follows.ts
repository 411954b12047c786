import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import { apiRequest, isUnauthorizedError } from '@client/lib/api-client';
import { toast } from '@client/lib/use-toast';

type FollowStatus = RouteResponse<Routes['followStatus']>;

export const followStatusKey = (userId: string) => [buildPath(endpoints.followStatus.path, { userId })];

/** Follower and following counts and lists: whatever a follow changes. */
const isFollowList = (query: Query) => {
  const [first] = query.queryKey;
  return (
    typeof first === 'string' && (first.startsWith('/api/followers/') || first.startsWith('/api/following/'))
  );
};

/** Spec §3: whether I follow `userId`. Only asked when signed in and not about oneself. */
export function useFollowStatus(userId: string, enabled: boolean) {
  return useQuery<FollowStatus>({ queryKey: followStatusKey(userId), enabled });
}

/**
 * Spec §4 Follow: the same POST toggles following on and off. Counts and lists refresh afterwards; a failure
 * says "Failed to update follow status" (spec §8), except a 401, which the global handler takes.
 */
export function useToggleFollow(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('toggleFollow', { body: { followingId: userId } }),
    onSuccess: ({ followed }) => {
      queryClient.setQueryData<FollowStatus>(followStatusKey(userId), { following: followed });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update follow status' });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: followStatusKey(userId) }),
        queryClient.invalidateQueries({ predicate: isFollowList }),
      ]),
  });
}

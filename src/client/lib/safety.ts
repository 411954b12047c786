import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SafetyRelation } from '@shared/contract/safety';
import { apiRequest, isUnauthorizedError } from './api-client';
import { routeKey } from './query-keys';
import { toast } from './use-toast';

/** Blocking and muting (issue 17): what the profile's menu and the settings' lists both do. */
export type SafetyChange = 'block' | 'unblock' | 'mute' | 'unmute';

const ENDPOINTS = {
  block: 'blockUser',
  unblock: 'unblockUser',
  mute: 'muteUser',
  unmute: 'unmuteUser',
} as const;

const DONE: Record<SafetyChange, (name: string) => string> = {
  block: (name) => `You blocked ${name}.`,
  unblock: (name) => `You unblocked ${name}.`,
  mute: (name) => `You muted ${name}. They won’t be told.`,
  unmute: (name) => `You unmuted ${name}.`,
};

/**
 * Blocks, unblocks, mutes or unmutes a person. The profile learns the new relation at once; then every cached
 * list is asked again, since each may gain or lose their posts, comments, notifications and follows.
 */
export function useSafetyChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, userId }: { change: SafetyChange; userId: string; name: string }) =>
      apiRequest(ENDPOINTS[change], { params: { id: userId } }),
    onSuccess: (relation: SafetyRelation, { change, name }) => {
      queryClient.setQueryData(routeKey('getUser', { id: relation.userId }), (user) =>
        user ? { ...user, viewerBlocks: relation.viewerBlocks, viewerMutes: relation.viewerMutes } : user,
      );
      toast({ title: DONE[change](name) });
      return queryClient.invalidateQueries({
        predicate: ({ queryKey: [path] }) => path !== routeKey('getUser', { id: relation.userId })[0],
      });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ variant: 'destructive', title: 'Error', description: 'That did not work. Please try again.' });
    },
  });
}

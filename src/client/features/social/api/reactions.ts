import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isUnauthorizedError } from '@client/lib/api-client';
import { routeKey } from '@client/lib/query-keys';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';
import { applyReaction, type DislikeStatus, type LikeStatus, type Reaction } from '../lib/reactions';

/** Spec §3/§7: like and dislike status with counts; readable signed out (the counts of a public post). */
export const likeStatusQueryOptions = (postId: string) =>
  queryOptions<LikeStatus>({ queryKey: routeKey('likeStatus', { id: postId }) });
export const dislikeStatusQueryOptions = (postId: string) =>
  queryOptions<DislikeStatus>({ queryKey: routeKey('dislikeStatus', { id: postId }) });

export function useReactionStatus(postId: string) {
  const like = useQuery(likeStatusQueryOptions(postId));
  const dislike = useQuery(dislikeStatusQueryOptions(postId));
  return { like, dislike };
}

/**
 * Toggles a like or a dislike (spec §4: on the server; a like replaces a dislike). The buttons change at once,
 * both statuses are refetched afterwards, and a failure puts them back and says "Error" with the message (spec
 * §8). A 401 is left to the global handler, which signs the person in again.
 */
export function useToggleReaction(postId: string) {
  const queryClient = useQueryClient();
  const keys = {
    like: likeStatusQueryOptions(postId).queryKey,
    dislike: dislikeStatusQueryOptions(postId).queryKey,
  };
  return useMutation({
    mutationFn: async (reaction: Reaction) => {
      if (reaction === 'like') await apiRequest('like', { body: { postId } });
      else await apiRequest('dislike', { body: { postId } });
    },
    onMutate: async (reaction) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: keys.like }),
        queryClient.cancelQueries({ queryKey: keys.dislike }),
      ]);
      const previous = {
        like: queryClient.getQueryData(keys.like),
        dislike: queryClient.getQueryData(keys.dislike),
      };
      const next = applyReaction(previous, reaction);
      if (next.like) queryClient.setQueryData(keys.like, next.like);
      if (next.dislike) queryClient.setQueryData(keys.dislike, next.dislike);
      return previous;
    },
    onError: (error, _reaction, previous) => {
      if (previous?.like) queryClient.setQueryData(keys.like, previous.like);
      if (previous?.dislike) queryClient.setQueryData(keys.dislike, previous.dislike);
      if (isUnauthorizedError(error)) return;
      toast({ variant: 'destructive', title: 'Error', description: uploadErrorMessage(error) });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.like }),
        queryClient.invalidateQueries({ queryKey: keys.dislike }),
      ]),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import type { Comment } from '@shared/contract/social';
import type { RecordedTake } from '@client/lib/audio/use-recorded-take';
import { apiRequest, isUnauthorizedError } from '@client/lib/api-client';
import { routeKey } from '@client/lib/query-keys';
import {
  uploadErrorMessage,
  uploadWithProgress,
  type UploadProgress,
} from '@client/lib/upload-with-progress';
import { currentUserQueryKey } from '@client/lib/session';
import { toast } from '@client/lib/use-toast';
import { buildCommentForm, type VisitorIdentity } from '../lib/comments';

/** Spec §7: the voice comments of a post, newest first (the first page). */
export const commentsQueryOptions = (postId: string) =>
  queryOptions<RouteResponse<Routes['listComments']>>({ queryKey: routeKey('listComments', { id: postId }) });
const commentsKey = (postId: string) => commentsQueryOptions(postId).queryKey;

/** Fetched only while the thread is open. */
export function useComments(postId: string, enabled: boolean) {
  return useQuery({ ...commentsQueryOptions(postId), enabled });
}

/**
 * Spec §7 POST /api/comments, with upload progress, for `useRecordedTake`. Success shows "Your voice comment has
 * been posted!" and puts the comment at the top of the thread; failure shows "Comment Failed" with the server's
 * message (spec §8).
 */
export function useCommentUpload(postId: string) {
  const queryClient = useQueryClient();
  return {
    upload: (
      take: RecordedTake,
      reply: { visitor: VisitorIdentity | undefined; at: number | null },
      onProgress: (progress: UploadProgress) => void,
    ) =>
      uploadWithProgress('createComment', {
        body: buildCommentForm({ ...take, ...reply, postId }),
        onProgress,
      }),
    onPosted: (comment: Comment) => {
      queryClient.setQueryData(commentsKey(postId), (previous) => [
        comment,
        ...(previous ?? []).filter((item) => item.id !== comment.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: commentsKey(postId) });
      toast({ title: 'Your voice comment has been posted!' });
    },
    onFailed: (error: Error) => {
      if (isUnauthorizedError(error) && queryClient.getQueryData(currentUserQueryKey)) return;
      toast({ variant: 'destructive', title: 'Comment Failed', description: uploadErrorMessage(error) });
    },
  };
}

/** DELETE /api/comments/{id}: for the comment's author and the post's owner. */
export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => apiRequest('deleteComment', { params: { id: commentId } }),
    onSuccess: (_answer, commentId) => {
      queryClient.setQueryData(commentsKey(postId), (previous) =>
        previous?.filter((item) => item.id !== commentId),
      );
      void queryClient.invalidateQueries({ queryKey: commentsKey(postId) });
      toast({ title: 'Reply deleted' });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ variant: 'destructive', title: 'Error', description: uploadErrorMessage(error) });
    },
  });
}

/** Issue 17: the post's owner (or a moderator) approves a held visitor reply, or rejects (deletes) it. */
export function useReviewComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, decision }: { commentId: string; decision: 'approve' | 'reject' }) =>
      apiRequest('reviewComment', { params: { id: commentId }, body: { decision } }),
    onSuccess: (_answer, { decision }) => {
      void queryClient.invalidateQueries({ queryKey: commentsKey(postId) });
      toast({ title: decision === 'approve' ? 'Reply approved' : 'Reply rejected' });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: uploadErrorMessage(error) }),
  });
}

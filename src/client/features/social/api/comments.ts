import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { Comment } from '@shared/contract/social';
import { apiRequest, isUnauthorizedError } from '@client/lib/api-client';
import {
  uploadErrorMessage,
  uploadWithProgress,
  type UploadProgress,
} from '@client/lib/upload-with-progress';
import { currentUserQueryKey } from '@client/lib/session';
import { toast } from '@client/lib/use-toast';
import { buildCommentForm, type CommentUpload } from '../lib/comments';

export const commentsKey = (postId: string) => [buildPath(endpoints.listComments.path, { id: postId })];

/** Spec §7: the voice comments of a post, newest first; fetched only while the thread is open. */
export function useComments(postId: string, enabled: boolean) {
  return useQuery<Comment[]>({ queryKey: commentsKey(postId), enabled });
}

/**
 * Spec §7 POST /api/comments, with upload progress. Success shows "Your voice comment has been posted!" and puts
 * the comment at the top of the thread; failure shows "Comment Failed" with the server's message (spec §8).
 */
export function useCreateComment(postId: string, onProgress?: (progress: UploadProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: Omit<CommentUpload, 'postId'>) =>
      uploadWithProgress('createComment', { body: buildCommentForm({ ...upload, postId }), onProgress }),
    onSuccess: (comment) => {
      queryClient.setQueryData<Comment[]>(commentsKey(postId), (previous) => [
        comment,
        ...(previous ?? []).filter((item) => item.id !== comment.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: commentsKey(postId) });
      toast({ title: 'Your voice comment has been posted!' });
    },
    onError: (error) => {
      if (isUnauthorizedError(error) && queryClient.getQueryData(currentUserQueryKey)) return;
      toast({ variant: 'destructive', title: 'Comment Failed', description: uploadErrorMessage(error) });
    },
  });
}

/** DELETE /api/comments/{id}: for the comment's author and the post's owner. */
export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => apiRequest('deleteComment', { params: { id: commentId } }),
    onSuccess: (_answer, commentId) => {
      queryClient.setQueryData<Comment[]>(commentsKey(postId), (previous) =>
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

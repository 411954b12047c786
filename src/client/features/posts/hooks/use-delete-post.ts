import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@client/lib/api-client';
import { postListQueries } from '@client/lib/query-keys';
import { toast } from '@client/lib/use-toast';
import { postQueryOptions } from '../api/post';

/** Spec §8: "Post deleted", or "Failed to delete post. Please try again."; lists refresh afterwards. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => apiRequest('deletePost', { params: { id: postId } }),
    onSuccess: (_answer, postId) => {
      queryClient.removeQueries({ queryKey: postQueryOptions(postId).queryKey, exact: true });
      // Gone at once from every list on screen; the refetch confirms it.
      // Paged lists (drafts, a profile's posts) keep it until their refetch.
      for (const [key, data] of queryClient.getQueriesData(postListQueries)) {
        if (Array.isArray(data))
          queryClient.setQueryData(
            key,
            data.filter((post) => post?.id !== postId),
          );
      }
      void queryClient.invalidateQueries(postListQueries);
      toast({ title: 'Post deleted' });
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Failed to delete post. Please try again.' });
    },
  });
}

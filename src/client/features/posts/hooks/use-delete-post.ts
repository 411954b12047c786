import { useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import type { Post } from '@shared/contract/posts';
import { apiRequest } from '@client/lib/api-client';
import { toast } from '@client/lib/use-toast';

const isPostList = (query: Query) => {
  const [first] = query.queryKey;
  return (
    typeof first === 'string' &&
    (first.startsWith('/api/feed') || first.startsWith('/api/posts') || first.startsWith('/api/diary'))
  );
};

/** Spec §8: "Post deleted", or "Failed to delete post. Please try again."; lists refresh afterwards. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => apiRequest('deletePost', { params: { id: postId } }),
    onSuccess: (_answer, postId) => {
      queryClient.removeQueries({ queryKey: ['/api/posts', postId], exact: true });
      // Gone at once from every list on screen; the refetch confirms it.
      for (const [key, data] of queryClient.getQueriesData<Post[]>({ predicate: isPostList })) {
        if (Array.isArray(data))
          queryClient.setQueryData(
            key,
            data.filter((post) => post?.id !== postId),
          );
      }
      void queryClient.invalidateQueries({ predicate: isPostList });
      toast({ title: 'Post deleted' });
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Failed to delete post. Please try again.' });
    },
  });
}

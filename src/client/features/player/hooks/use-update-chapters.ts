import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Chapter, Post } from '@shared/contract/posts';
import { apiRequest } from '@client/lib/api-client';
import { toast } from '@client/lib/use-toast';

/** Saves a post's chapters (owner only) and puts the answer into every cached copy of the post. */
export function useUpdateChapters(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chapters: Chapter[]) =>
      apiRequest('updateChapters', { params: { id: postId }, body: { chapters } }),
    onSuccess: (updated: Post) => {
      queryClient.setQueryData(['/api/posts', postId], updated);
      for (const [key, data] of queryClient.getQueriesData<Post[]>({})) {
        if (Array.isArray(data) && data.some((post) => post?.id === postId)) {
          queryClient.setQueryData(
            key,
            data.map((post) => (post.id === postId ? updated : post)),
          );
        }
      }
      toast({ title: 'Chapters saved' });
    },
    onError: () => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to save chapters. Please try again.',
      });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Chapter } from '@shared/contract/posts';
import { apiRequest } from '@client/lib/api-client';
import { changeCachedPost } from '@client/lib/cached-posts';
import { toast } from '@client/lib/use-toast';

/** Saves a post's chapters (owner only) and puts the answer into every cached copy of the post. */
export function useUpdateChapters(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chapters: Chapter[]) =>
      apiRequest('updateChapters', { params: { id: postId }, body: { chapters } }),
    onSuccess: (updated) => {
      changeCachedPost(queryClient, postId, () => updated);
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

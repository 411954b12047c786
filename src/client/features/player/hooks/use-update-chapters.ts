import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Chapter, Post } from '@shared/contract/posts';
import { apiRequest } from '@client/lib/api-client';
import type { KeysetPage } from '@client/lib/keyset-page';
import { postListQueries, routeKey } from '@client/lib/query-keys';
import { toast } from '@client/lib/use-toast';

type CachedList = Post[] | InfiniteData<KeysetPage<Post>>;

/** A cached list of posts, plain or paged, with `updated` in place of its old copy; as it was without one. */
function withPostReplaced(data: unknown, updated: Post): unknown {
  const replace = (posts: Post[]) => posts.map((post) => (post.id === updated.id ? updated : post));
  const list = data as CachedList | undefined;
  const holds = (posts: Post[]) => posts.some((post) => post.id === updated.id);
  if (Array.isArray(list)) return holds(list) ? replace(list) : data;
  if (list && Array.isArray(list.pages) && !list.pages.some((page) => holds(page.items))) return data;
  if (list && Array.isArray(list.pages)) {
    return { ...list, pages: list.pages.map((page) => ({ ...page, items: replace(page.items) })) };
  }
  return data;
}

/** Saves a post's chapters (owner only) and puts the answer into every cached copy of the post. */
export function useUpdateChapters(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chapters: Chapter[]) =>
      apiRequest('updateChapters', { params: { id: postId }, body: { chapters } }),
    onSuccess: (updated) => {
      queryClient.setQueryData(routeKey('getPost', { id: postId }), updated);
      for (const [key, data] of queryClient.getQueriesData(postListQueries)) {
        queryClient.setQueryData(key, withPostReplaced(data, updated));
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

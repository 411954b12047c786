import { useQuery } from '@tanstack/react-query';
import type { Post } from '@shared/contract/posts';

/** One post, for its own page; open to signed-out visitors when the post is public. */
export function usePost(postId: string) {
  return useQuery<Post>({ queryKey: ['/api/posts', postId], retry: false });
}

import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Post } from '@shared/contract/posts';
import type { KeysetPage } from './keyset-page';
import { postListQueries, routeKey } from './query-keys';

type CachedList = Post[] | InfiniteData<KeysetPage<Post>>;

/** A cached list of posts, plain or paged, with `change` applied to the post `postId`; as it was without it. */
function withPostChanged(data: unknown, postId: string, change: (post: Post) => Post): unknown {
  const replace = (posts: Post[]) => posts.map((post) => (post.id === postId ? change(post) : post));
  const list = data as CachedList | undefined;
  const holds = (posts: Post[]) => posts.some((post) => post.id === postId);
  if (Array.isArray(list)) return holds(list) ? replace(list) : data;
  if (list && Array.isArray(list.pages) && !list.pages.some((page) => holds(page.items))) return data;
  if (list && Array.isArray(list.pages)) {
    return { ...list, pages: list.pages.map((page) => ({ ...page, items: replace(page.items) })) };
  }
  return data;
}

/** Applies `change` to every cached copy of the post `postId`: the post itself and each list that holds it. */
export function changeCachedPost(
  queryClient: QueryClient,
  postId: string,
  change: (post: Post) => Post,
): void {
  queryClient.setQueryData<Post>(routeKey('getPost', { id: postId }), (post) => post && change(post));
  for (const [key, data] of queryClient.getQueriesData(postListQueries)) {
    queryClient.setQueryData(key, withPostChanged(data, postId, change));
  }
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import { routeKey } from '@client/lib/query-keys';

/** One post, for its own page; open to signed-out visitors when the post is public. */
export const postQueryOptions = (postId: string) =>
  queryOptions<RouteResponse<Routes['getPost']>>({
    queryKey: routeKey('getPost', { id: postId }),
    retry: false,
  });

export function usePost(postId: string) {
  return useQuery(postQueryOptions(postId));
}

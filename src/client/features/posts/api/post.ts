import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import { apiRequest } from '@client/lib/api-client';
import { postListQueries, routeKey } from '@client/lib/query-keys';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';

/** One post, for its own page; open to signed-out visitors when the post is public. */
export const postQueryOptions = (postId: string) =>
  queryOptions<RouteResponse<Routes['getPost']>>({
    queryKey: routeKey('getPost', { id: postId }),
    retry: false,
  });

export function usePost(postId: string) {
  return useQuery(postQueryOptions(postId));
}

/** Issue 17: the owner's "Hold visitor comments for approval". */
export function useVisitorCommentHold(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hold: boolean) =>
      apiRequest('setVisitorCommentHold', { params: { id: postId }, body: { hold } }),
    onSuccess: (post) => {
      queryClient.setQueryData(postQueryOptions(postId).queryKey, post);
      void queryClient.invalidateQueries(postListQueries);
      toast({
        title: post.holdVisitorComments
          ? 'Visitor comments now wait for your approval'
          : 'Visitor comments appear at once',
      });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: uploadErrorMessage(error) }),
  });
}

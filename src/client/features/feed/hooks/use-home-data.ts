import { useQuery } from '@tanstack/react-query';
import type { Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';

/**
 * Spec §7/§8: the feed is retried up to 3 times, except for a 401 Unauthorized (any 401: the session is gone,
 * whatever the body says).
 */
export function shouldRetryFeed(failureCount: number, error: Error): boolean {
  if (error.message.startsWith('401')) return false;
  return failureCount < 3;
}

/** The first page of the feed (newest first, 50 items): all Home needs. */
export function useFeed() {
  return useQuery<Post[]>({ queryKey: ['/api/feed'], retry: shouldRetryFeed });
}

/** Every post the person may see, for suggesting voices. */
export function usePostList() {
  return useQuery<Post[]>({ queryKey: ['/api/posts'] });
}

export function useUserList() {
  return useQuery<PublicUser[]>({ queryKey: ['/api/users'] });
}

import type { ReactNode } from 'react';
import { LoadError } from '@client/components/load-error';
import type { Post, UserPostsFilters } from '@shared/contract/posts';
import { Skeleton } from '@client/components/ui/skeleton';
import { useUserPosts } from '../api/user-posts';
import { ShowMoreButton } from './show-more-button';

interface ProfilePostsProps {
  userId: string;
  /** Only the items of one type or category. */
  filters?: UserPostsFilters;
  /** One compact post card, composed by the page (player and reactions come from other features). */
  renderPost: (post: Post) => ReactNode;
  /** What an empty list says. */
  empty: ReactNode;
}

const GRID = 'grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 sm:gap-x-5';

/** The user's items as a grid of compact cards, newest first, a page at a time (spec §2 Profile, Posts). */
export function ProfilePosts({ userId, filters, renderPost, empty }: ProfilePostsProps) {
  const posts = useUserPosts(userId, filters);
  const list = posts.data?.pages.flatMap((page) => page.items) ?? [];

  if (posts.isPending) return <ProfilePostsSkeleton />;
  if (posts.isError) {
    return (
      <LoadError
        message="We couldn’t load the posts."
        onRetry={() => void posts.refetch()}
        retrying={posts.isFetching}
      />
    );
  }
  if (list.length === 0) return empty;
  return (
    <div className="space-y-6">
      <ul className={GRID}>
        {list.map((post) => (
          <li key={post.id} className="min-w-0">
            {renderPost(post)}
          </li>
        ))}
      </ul>
      <ShowMoreButton list={posts} label="Show more posts" />
    </div>
  );
}

export function ProfilePostsSkeleton() {
  return (
    <div role="status" aria-label="Loading posts" className={GRID}>
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="space-y-2.5">
          <Skeleton className="aspect-square w-full rounded-3xl" />
          <Skeleton className="h-4 w-4/5 rounded-full" />
          <Skeleton className="h-3 w-1/2 rounded-full" />
        </div>
      ))}
    </div>
  );
}

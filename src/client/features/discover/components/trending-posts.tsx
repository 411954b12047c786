import { Flame } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import { LoadError } from '@client/components/load-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { useTrendingPosts } from '../api/discover';
import { DiscoverSection } from './discover-section';

/** Spec §2 "Trending Voice Posts": the first 10, as the page's post cards. */
export function TrendingPosts({
  renderPost,
  className,
}: {
  renderPost: (post: Post) => ReactNode;
  className?: string;
}) {
  const posts = useTrendingPosts();
  return (
    <DiscoverSection id="discover-trending" title="Trending Voice Posts" icon={Flame} className={className}>
      {posts.isPending ? (
        <div
          role="status"
          aria-label="Loading trending posts"
          className="grid grid-cols-2 gap-x-3 gap-y-6 sm:gap-x-5"
        >
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="aspect-square rounded-3xl" />
          ))}
        </div>
      ) : posts.isError ? (
        <LoadError
          message="Trending posts couldn’t be loaded."
          onRetry={() => void posts.refetch()}
          retrying={posts.isFetching}
        />
      ) : posts.data.length === 0 ? (
        <p className="rounded-3xl border border-dashed px-4 py-10 text-center text-sm text-muted-foreground">
          No voice posts yet. Be the first to share one from Home.
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-x-3 gap-y-6 sm:gap-x-5">
          {posts.data.map((post) => (
            <li key={post.id} className="min-w-0">
              {renderPost(post)}
            </li>
          ))}
        </ul>
      )}
    </DiscoverSection>
  );
}

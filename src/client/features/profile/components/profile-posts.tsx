import { AudioLines, Mic } from 'lucide-react';
import { LoadError } from '@client/components/load-error';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Post } from '@shared/contract/posts';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useUserPosts } from '../api/user-posts';

interface ProfilePostsProps {
  userId: string;
  own: boolean;
  /** "Ada": who the empty state speaks of on others' profiles. */
  firstName: string;
  /** One compact post card, composed by the page (player and reactions come from other features). */
  renderPost: (post: Post) => ReactNode;
}

const GRID = 'grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 sm:gap-x-5';

/** The user's posts as a grid of compact cards, newest first, a page at a time (spec §2 Profile, Posts). */
export function ProfilePosts({ userId, own, firstName, renderPost }: ProfilePostsProps) {
  const posts = useUserPosts(userId);
  const list = posts.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="profile-posts-heading" className="space-y-4">
      <h2 id="profile-posts-heading" className="text-xl font-bold tracking-tight">
        Posts
      </h2>

      {posts.isPending ? (
        <ProfilePostsSkeleton />
      ) : posts.isError ? (
        <LoadError
          message="We couldn’t load the posts."
          onRetry={() => void posts.refetch()}
          retrying={posts.isFetching}
        />
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center rounded-3xl border border-dashed bg-card/60 px-6 py-12 text-center">
          <span
            aria-hidden="true"
            className="grid size-14 place-items-center rounded-2xl bg-accent text-accent-foreground"
          >
            {own ? <Mic className="size-6" /> : <AudioLines className="size-6" />}
          </span>
          <p className="mt-4 font-semibold">
            {own
              ? 'You haven’t shared any voice posts yet.'
              : `${firstName} hasn’t shared any voice posts yet.`}
          </p>
          {own && (
            <Button asChild className="mt-5">
              <Link href="/">Record on Home</Link>
            </Button>
          )}
        </div>
      ) : (
        <>
          <ul className={GRID}>
            {list.map((post) => (
              <li key={post.id} className="min-w-0">
                {renderPost(post)}
              </li>
            ))}
          </ul>
          {posts.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                aria-disabled={posts.isFetchingNextPage || undefined}
                onClick={() => {
                  if (!posts.isFetchingNextPage) void posts.fetchNextPage();
                }}
              >
                {posts.isFetchingNextPage ? 'Loading...' : 'Show more posts'}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
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

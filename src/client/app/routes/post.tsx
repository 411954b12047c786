import { ArrowLeft, AudioLines } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { Post } from '@shared/contract/posts';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { AudioPlayer } from '@client/features/player/components/audio-player';
import { PostPlayer } from '@client/app/compositions/post-player';
import { PostCard } from '@client/features/posts/components/post-card';
import { usePost } from '@client/features/posts/api/post';
import { postTitle, type RenderPlayer } from '@client/features/posts/lib/post-labels';
import { linksToMoments, momentFromSearch } from '@client/lib/moment-link';
import { useAuth } from '@client/lib/use-auth';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { displayName } from '@shared/domain/display-name';
import { FollowButton } from '@client/features/social/components/follow-button';
import { LikeDislikeButtons } from '@client/features/social/components/like-dislike-buttons';
import { VoiceCommentThread } from '@client/features/social/components/voice-comment-thread';

const ExtendPostDialog = lazy(() =>
  import('@client/features/recorder/components/extend-post-dialog').then((module) => ({
    default: module.ExtendPostDialog,
  })),
);

/**
 * Serves both `/posts/:id` (share links) and `/post/:id` (notification links); public posts open signed out. A
 * link to a moment (`?t=73`) starts the post there.
 */
export function PostPage({ params }: { params: { id: string } }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const search = useSearch();
  const query = usePost(params.id);
  const [extending, setExtending] = useState<Post | null>(null);
  useDocumentTitle(query.data ? postTitle(query.data) : query.isError ? 'Post not found' : 'Voice Post');

  const renderPlayer: RenderPlayer = (post, { variant, appearance }) => (
    <PostPlayer
      post={post}
      variant={variant}
      appearance={appearance}
      transcriptOpen
      canEditChapters={Boolean(user) && post.userId === user?.id}
      countListens
      keepPosition={Boolean(user) && linksToMoments(post)}
      shareMoments={linksToMoments(post)}
      serverWordTimes
      startAt={momentFromSearch(search, post.duration)}
    />
  );

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {user && (
        <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
          <Link href="/">
            <ArrowLeft aria-hidden="true" />
            Home
          </Link>
        </Button>
      )}
      <h1 className="sr-only">{query.data ? postTitle(query.data) : 'Voice Post'}</h1>

      {query.isPending ? (
        <Card role="status" aria-label="Loading the post" className="space-y-5 p-6">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="space-y-2">
              <Skeleton className="h-3.5 w-32 rounded-full" />
              <Skeleton className="h-3 w-16 rounded-full" />
            </div>
          </div>
          <Skeleton className="h-6 w-2/3 rounded-full" />
          <Skeleton className="h-20 w-full" />
        </Card>
      ) : query.isError ? (
        <Card className="px-6 py-14 text-center">
          <span
            aria-hidden="true"
            className="mx-auto grid size-14 place-items-center rounded-2xl bg-accent text-accent-foreground"
          >
            <AudioLines className="size-7" />
          </span>
          <h2 className="mt-5 text-xl font-semibold tracking-tight">This post isn’t available</h2>
          <p className="mt-2 text-muted-foreground text-pretty">
            It may have been deleted, or it is private.
          </p>
          <Button asChild variant="outline" className="mt-6">
            <Link href="/">Back to start</Link>
          </Button>
        </Card>
      ) : (
        <PostCard
          post={query.data}
          currentUserId={user?.id}
          renderPlayer={renderPlayer}
          onExtend={setExtending}
          onDeleted={() => navigate('/')}
          renderTitle={(title, className) => <h2 className={`${className} text-2xl sm:text-3xl`}>{title}</h2>}
        />
      )}

      {query.isSuccess && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <LikeDislikeButtons postId={query.data.id} />
            <FollowButton userId={query.data.userId} userName={displayName(query.data.user)} />
          </div>
          <VoiceCommentThread
            post={query.data}
            renderPlayer={(comment) => <AudioPlayer post={comment} variant="compact" waveformHeight={40} />}
          />
        </>
      )}

      {extending && (
        <Suspense fallback={null}>
          <ExtendPostDialog post={extending} open onOpenChange={(open) => !open && setExtending(null)} />
        </Suspense>
      )}
    </div>
  );
}

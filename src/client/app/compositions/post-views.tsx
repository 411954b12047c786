import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import { AudioPlayer } from '@client/features/player/components/audio-player';
import { PostPlayer } from './post-player';
import { PostCardCompact } from '@client/features/posts/components/post-card-compact';
import type { RenderAuthorName, RenderPlayer } from '@client/features/posts/lib/post-labels';
import { UserProfilePopup } from '@client/features/profile/components/user-profile-popup';
import { FollowButton } from '@client/features/social/components/follow-button';
import { LikeDislikeButtons } from '@client/features/social/components/like-dislike-buttons';
import { VoiceCommentThread } from '@client/features/social/components/voice-comment-thread';
import { linksToMoments } from '@client/lib/moment-link';
import { useAuth } from '@client/lib/use-auth';
import { displayName } from '@shared/domain/display-name';

// Dialogs load when first opened.
const PostDetailDialog = lazy(() =>
  import('@client/features/posts/components/post-detail-dialog').then((module) => ({
    default: module.PostDetailDialog,
  })),
);
const ExtendPostDialog = lazy(() =>
  import('@client/features/recorder/components/extend-post-dialog').then((module) => ({
    default: module.ExtendPostDialog,
  })),
);

export interface PostRenderers {
  /** The shared player; the post's owner may edit its chapters. */
  renderPlayer: RenderPlayer;
  /** Under a full card or the detail view: like and dislike, then the voice replies. */
  renderActions: (post: Post) => ReactNode;
  /** Under a compact card: like and dislike with their counts, small. */
  renderCardActions: (post: Post) => ReactNode;
  /** An author's name on a card: it opens their profile popup, with Follow and their voice bio. */
  renderAuthorName: RenderAuthorName;
}

/**
 * How the pages that list posts (Home, profiles) put the player and the social widgets into the post cards:
 * features do not import each other, so the composition lives here, once.
 */
export function usePostRenderers(): PostRenderers {
  const { user } = useAuth();
  const renderPlayer: RenderPlayer = (post, { variant, appearance }) => (
    <PostPlayer
      post={post}
      variant={variant}
      appearance={appearance}
      canEditChapters={Boolean(user) && post.userId === user?.id}
      countListens
      keepPosition={Boolean(user) && linksToMoments(post)}
      shareMoments={linksToMoments(post)}
      serverWordTimes
    />
  );
  const renderActions = (post: Post) => (
    <div className="space-y-4">
      <LikeDislikeButtons postId={post.id} />
      <VoiceCommentThread
        post={post}
        collapsible
        headingLevel={3}
        renderPlayer={(comment) => <AudioPlayer post={comment} variant="compact" waveformHeight={40} />}
      />
    </div>
  );
  const renderCardActions = (post: Post) => <LikeDislikeButtons postId={post.id} size="sm" />;
  const renderAuthorName: RenderAuthorName = (author, className) => (
    <UserProfilePopup
      person={author}
      className={className}
      renderFollow={(person) => <FollowButton userId={person.id} userName={displayName(person)} />}
      renderVoiceBioPlayer={(voiceBio) => (
        <AudioPlayer post={voiceBio} variant="compact" waveformHeight={40} />
      )}
    />
  );
  return { renderPlayer, renderActions, renderCardActions, renderAuthorName };
}

/**
 * The modal detail view a compact card opens, and the owner's extend dialog: `open` and `extend` go to the cards,
 * `dialogs` into the page. `renderCompactCard` is a compact card wired to both.
 */
export function usePostDialogs(renderers: PostRenderers) {
  const { user } = useAuth();
  const [viewing, setViewing] = useState<Post | null>(null);
  const [extending, setExtending] = useState<Post | null>(null);
  const dialogs = (
    <Suspense fallback={null}>
      {viewing && (
        <PostDetailDialog
          post={viewing}
          open
          onOpenChange={(open) => !open && setViewing(null)}
          currentUserId={user?.id}
          renderPlayer={renderers.renderPlayer}
          renderActions={renderers.renderActions}
          renderAuthorName={renderers.renderAuthorName}
          onExtend={(post) => {
            setViewing(null);
            setExtending(post);
          }}
        />
      )}
      {extending && (
        <ExtendPostDialog post={extending} open onOpenChange={(open) => !open && setExtending(null)} />
      )}
    </Suspense>
  );
  const renderCompactCard = (post: Post) => (
    <PostCardCompact
      post={post}
      currentUserId={user?.id}
      renderPlayer={renderers.renderPlayer}
      renderActions={renderers.renderCardActions}
      renderAuthorName={renderers.renderAuthorName}
      onOpen={setViewing}
      onExtend={setExtending}
    />
  );
  return { open: setViewing, extend: setExtending, dialogs, renderCompactCard };
}

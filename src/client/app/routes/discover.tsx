import { displayName } from '@shared/domain/display-name';
import { usePostDialogs, usePostRenderers } from '@client/app/compositions/post-views';
import { DiscoverView } from '@client/features/discover/components/discover-view';
import { PostCardCompact } from '@client/features/posts/components/post-card-compact';
import { FollowButton } from '@client/features/social/components/follow-button';
import { useAuth } from '@client/lib/use-auth';

/** Spec §2 Discover: the discover feature, with the post cards, their dialogs and the Follow button put in. */
export function DiscoverPage() {
  const { user } = useAuth();
  const renderers = usePostRenderers();
  const postDialogs = usePostDialogs(renderers);
  return (
    <>
      <DiscoverView
        renderPost={(post) => (
          <PostCardCompact
            post={post}
            currentUserId={user?.id}
            renderPlayer={renderers.renderPlayer}
            renderActions={renderers.renderCardActions}
            renderAuthorName={renderers.renderAuthorName}
            onOpen={postDialogs.open}
            onExtend={postDialogs.extend}
          />
        )}
        renderFollow={(person) => (
          <FollowButton userId={person.id} userName={displayName(person)} size="default" />
        )}
      />
      {postDialogs.dialogs}
    </>
  );
}

import { displayName } from '@shared/domain/display-name';
import { usePostDialogs, usePostRenderers } from '@client/app/compositions/post-views';
import { DiscoverView } from '@client/features/discover/components/discover-view';
import { FollowButton } from '@client/features/social/components/follow-button';

/** Spec §2 Discover: the discover feature, with the post cards, their dialogs and the Follow/Unfollow button put in. */
export function DiscoverPage() {
  const renderers = usePostRenderers();
  const postDialogs = usePostDialogs(renderers);
  return (
    <>
      <DiscoverView
        renderPost={postDialogs.renderCompactCard}
        renderFollow={(person) => (
          <FollowButton
            userId={person.id}
            userName={displayName(person)}
            size="default"
            followingLabel="Unfollow"
          />
        )}
      />
      {postDialogs.dialogs}
    </>
  );
}

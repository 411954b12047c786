import { useEffect, useState, type ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';
import { displayName } from '@shared/domain/display-name';
import { ApiError, isUnauthorizedError } from '@client/lib/api-client';
import type { PlayablePost } from '@client/lib/playable-post';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { toast } from '@client/lib/use-toast';
import { useFollowCount, type FollowSide } from '../api/follows';
import { useProfileUser } from '../api/user';
import { FollowPeopleDialog } from './follow-people-dialog';
import { ProfileHeader } from './profile-header';
import { ProfileContent, type ProfileContentRenderers } from './profile-content';
import { ProfileLoadError, ProfileNotFound, ProfileSkeleton } from './profile-states';
import { VoiceBioSection } from './voice-bio-section';

interface ProfileViewProps {
  userId: string;
  /** The signed-in person's own profile: no Follow button or more options. */
  own: boolean;
  /** A Follow/Following toggle for `person`: in the header, and for each person in the follower lists. */
  renderFollow: (person: PublicUser, placement: 'header' | 'list') => ReactNode;
  /** One compact post card with the player and reactions. */
  renderPost: (post: Post) => ReactNode;
  /** The shared player, for the voice bio. */
  renderVoiceBioPlayer: (voiceBio: PlayablePost) => ReactNode;
  /** The tabs' player, detail modal and recorder. */
  content: ProfileContentRenderers;
}

/**
 * Spec §2 Profile: the header with its counts and the voice bio, the Followers and Following dialogs, and under
 * them the create box and the tabs.
 */
export function ProfileView({
  userId,
  own,
  renderFollow,
  renderPost,
  renderVoiceBioPlayer,
  content,
}: ProfileViewProps) {
  const user = useProfileUser(userId);
  const followers = useFollowCount(userId, 'followers');
  const following = useFollowCount(userId, 'following');
  const [people, setPeople] = useState<FollowSide | null>(null);

  const notFound = user.error instanceof ApiError && user.error.status === 404;
  useDocumentTitle(user.data ? displayName(user.data) : notFound ? 'Profile not found' : 'Profile');

  // Spec §8: "Failed to fetch user: {status}". A 401 is the global handler's; a 404 gets its own page.
  const userFailure =
    user.isError && !notFound && !isUnauthorizedError(user.error)
      ? `Failed to fetch user: ${user.error instanceof ApiError ? user.error.status : user.error.message}`
      : null;
  useEffect(() => {
    if (userFailure) toast({ variant: 'destructive', title: 'Error', description: userFailure });
  }, [userFailure]);

  // Asked alongside the user; only worth a word once the user is known to exist.
  const countFailed =
    user.isSuccess &&
    ((followers.isError && !isUnauthorizedError(followers.error)) ||
      (following.isError && !isUnauthorizedError(following.error)));
  useEffect(() => {
    if (countFailed) {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to fetch follower count' });
    }
  }, [countFailed]);

  if (user.isPending) return <ProfileSkeleton />;
  if (notFound) return <ProfileNotFound />;
  if (user.isError) {
    return (
      <ProfileLoadError
        message={userFailure ?? user.error.message}
        onRetry={() => void user.refetch()}
        retrying={user.isFetching}
      />
    );
  }

  const person = user.data;
  const name = displayName(person);
  return (
    <div className="space-y-8">
      <ProfileHeader
        user={person}
        own={own}
        followers={followers.data}
        following={following.data}
        onShowPeople={setPeople}
        followButton={own ? undefined : renderFollow(person, 'header')}
        voiceBio={<VoiceBioSection user={person} name={name} own={own} renderPlayer={renderVoiceBioPlayer} />}
      />
      <ProfileContent
        {...content}
        user={person}
        own={own}
        firstName={person.firstName || name}
        renderPost={renderPost}
        voiceBio={
          <VoiceBioSection user={person} name={name} own={false} renderPlayer={renderVoiceBioPlayer} />
        }
      />
      {(['followers', 'following'] as const).map((side) => (
        <FollowPeopleDialog
          key={side}
          userId={userId}
          ownerName={own ? null : name}
          side={side}
          open={people === side}
          onOpenChange={(open) => setPeople(open ? side : null)}
          renderFollow={(other) => renderFollow(other, 'list')}
        />
      ))}
    </div>
  );
}

import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { PublicUser } from '@shared/contract/users';
import { displayName } from '@shared/domain/display-name';
import { loadOnIntent } from '@client/lib/load-on-intent';
import type { PlayablePost } from '@client/lib/playable-post';

export interface UserProfilePopupProps {
  /** The person as the post carries them: shown at once, then replaced by their profile when it arrives. */
  person: PublicUser;
  /** The trigger's look: the name as the card around it shows names. */
  className?: string;
  /** A Follow/Following toggle, composed by the page (features do not import each other); hidden for oneself. */
  renderFollow: (person: PublicUser) => ReactNode;
  /** The shared player, for the voice bio. */
  renderVoiceBioPlayer: (voiceBio: PlayablePost) => ReactNode;
}

const loadCard = () => import('./user-profile-card');
const UserProfileCard = lazy(() => loadCard().then((module) => ({ default: module.UserProfileCard })));

/**
 * Spec §2 user profile popup: the author's name opens a card with their avatar (ringed when they have a voice bio),
 * name, handle, bio and voice bio, Follow, and "View Profile". The profile is asked only once it is opened, and the
 * popup's code loads then too (from when the pointer or focus reaches the name), not with the first screen.
 */
export function UserProfilePopup(props: UserProfilePopupProps) {
  const [opened, setOpened] = useState(false);
  const standIn = (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      className={props.className}
      {...loadOnIntent(loadCard)}
      onClick={() => setOpened(true)}
    >
      {displayName(props.person)}
    </button>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <UserProfileCard {...props} />
    </Suspense>
  );
}

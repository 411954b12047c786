import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import type { PublicUser } from '@shared/contract/users';
import { cn } from '@client/lib/utils';

interface ProfileAvatarProps {
  user: Pick<
    PublicUser,
    'profileImageUrl' | 'profileImagePositionX' | 'profileImagePositionY' | 'profileImageZoom' | 'voiceBioUrl'
  >;
  name: string;
  className?: string;
}

/**
 * Spec §2 Profile avatar: the picture framed as the user chose in the position adjuster (the same at every size),
 * else initials. The ring is highlighted when the user has a voice bio. Decorative: the name is the h1.
 */
export function ProfileAvatar({ user, name, className }: ProfileAvatarProps) {
  return (
    <span
      aria-hidden="true"
      data-voice-bio={user.voiceBioUrl ? '' : undefined}
      className={cn(
        'inline-block shrink-0 rounded-full p-1 shadow-soft',
        user.voiceBioUrl ? 'bg-linear-to-br from-primary via-highlight to-primary' : 'bg-card',
        className,
      )}
    >
      <Avatar
        src={user.profileImageUrl}
        name={name}
        framing={pictureFraming(user)}
        className="size-full border-2 border-card text-3xl font-bold tracking-tight sm:text-4xl"
      />
    </span>
  );
}

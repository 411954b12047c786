import { useState } from 'react';
import type { PublicUser } from '@shared/contract/users';
import { cn } from '@client/lib/utils';

interface ProfileAvatarProps {
  user: Pick<PublicUser, 'profileImageUrl' | 'profileImageOffsetX' | 'profileImageOffsetY' | 'voiceBioUrl'>;
  name: string;
  className?: string;
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/**
 * Spec §2 Profile avatar: the picture moved by the user's offsets (CSS pixels, as the position adjuster saves
 * them), else initials. The ring is highlighted when the user has a voice bio. Decorative: the name is the h1.
 */
export function ProfileAvatar({ user, name, className }: ProfileAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = user.profileImageUrl;
  const showImage = Boolean(src) && src !== failedSrc;
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
      <span className="relative flex size-full select-none items-center justify-center overflow-hidden rounded-full border-2 border-card bg-accent text-3xl font-bold tracking-tight text-accent-foreground sm:text-4xl">
        {showImage && src ? (
          <img
            src={src}
            alt=""
            className="size-full object-cover"
            style={{
              transform: `translate(${user.profileImageOffsetX}px, ${user.profileImageOffsetY}px)`,
            }}
            onError={() => setFailedSrc(src)}
          />
        ) : (
          initialsOf(name)
        )}
      </span>
    </span>
  );
}

import { useState } from 'react';
import { PROFILE_IMAGE_OFFSET_LIMIT } from '@shared/domain/profile';
import { cn } from '@client/lib/utils';

/** Offsets are saved in CSS pixels on the adjuster's preview, twice the limit across. */
const OFFSET_BASE_PX = 2 * PROFILE_IMAGE_OFFSET_LIMIT;

interface AvatarProps {
  /** Picture URL; initials of `name` show when it is missing or fails to load. */
  src: string | null | undefined;
  name: string;
  /**
   * Where the person moved their picture (spec §2 position adjuster): CSS pixels on the 128 px preview, moved by
   * the same share of this avatar's size, so a small avatar shows the same framing.
   */
  offset?: { x: number; y: number };
  className?: string;
}

/** The offset a user saved for their picture, as `Avatar` takes it. */
export function pictureOffset(user: { profileImageOffsetX: number; profileImageOffsetY: number }) {
  return { x: user.profileImageOffsetX, y: user.profileImageOffsetY };
}

const percentOf = (px: number) => (px / OFFSET_BASE_PX) * 100;

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** Decorative: callers show the person's name as text next to it. */
export function Avatar({ src, name, offset, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && src !== failedSrc;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'relative inline-flex size-10 shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-accent text-sm font-semibold text-accent-foreground',
        className,
      )}
    >
      {showImage && src ? (
        <img
          src={src}
          alt=""
          className="size-full object-cover"
          style={offset && { transform: `translate(${percentOf(offset.x)}%, ${percentOf(offset.y)}%)` }}
          onError={() => setFailedSrc(src)}
        />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}

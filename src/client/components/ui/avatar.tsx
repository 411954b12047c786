import { useState, type CSSProperties } from 'react';
import type { PictureFraming } from '@shared/domain/profile';
import { cn } from '@client/lib/utils';

interface AvatarProps {
  /** Picture URL; initials of `name` show when it is missing or fails to load. */
  src: string | null | undefined;
  name: string;
  /** How the person framed their picture (spec §2 position adjuster): the same framing at every size. */
  framing?: PictureFraming;
  className?: string;
}

/** The framing a user saved for their picture, as `Avatar` takes it. */
export function pictureFraming(user: {
  profileImagePositionX: number;
  profileImagePositionY: number;
  profileImageZoom: number;
}): PictureFraming {
  return { x: user.profileImagePositionX, y: user.profileImagePositionY, zoom: user.profileImageZoom };
}

/**
 * For an `object-fit: cover` picture filling its box: only relative units, so every size shows the same part of
 * the picture, and enlarging about a point inside the box keeps the box covered.
 */
export function framingStyle({ x, y, zoom }: PictureFraming): CSSProperties {
  const point = `${x}% ${y}%`;
  return {
    objectPosition: point,
    transformOrigin: point,
    transform: zoom === 1 ? undefined : `scale(${zoom})`,
  };
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** Decorative: callers show the person's name as text next to it. */
export function Avatar({ src, name, framing, className }: AvatarProps) {
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
          style={framing && framingStyle(framing)}
          onError={() => setFailedSrc(src)}
        />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}

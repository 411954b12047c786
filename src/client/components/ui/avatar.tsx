import { useState } from 'react';
import { cn } from '@client/lib/utils';

interface AvatarProps {
  /** Picture URL; initials of `name` show when it is missing or fails to load. */
  src: string | null | undefined;
  name: string;
  /** Where the person moved their picture (CSS pixels, spec §2 position adjuster). */
  offset?: { x: number; y: number };
  className?: string;
}

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
          style={offset && { transform: `translate(${offset.x}px, ${offset.y}px)` }}
          onError={() => setFailedSrc(src)}
        />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}

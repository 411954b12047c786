import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

/** A placeholder block in the shape of what is loading; hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-2xl bg-secondary motion-reduce:animate-none', className)}
      {...props}
    />
  );
}

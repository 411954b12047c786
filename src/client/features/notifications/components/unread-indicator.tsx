import { cn } from '@client/lib/utils';
import { unreadBadgeText } from '../lib/notification-display';

/** The bell's red dot (spec §2: always shown), holding the unread count when there is one. */
export function UnreadIndicator({ count, className }: { count: number; className?: string }) {
  if (count === 0) {
    return (
      <span
        aria-hidden="true"
        className={cn('size-2.5 rounded-full bg-red-500 ring-2 ring-background', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="unread-count"
      className={cn(
        'grid h-4 min-w-4 place-items-center rounded-full bg-red-500 px-1 text-[0.625rem] leading-none font-bold text-white ring-2 ring-background',
        className,
      )}
    >
      {unreadBadgeText(count)}
    </span>
  );
}

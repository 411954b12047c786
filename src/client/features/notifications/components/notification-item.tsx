import { Bell, Heart, MessageCircle, Podcast, Repeat2, UserPlus, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { Notification } from '@shared/contract/social';
import { displayName } from '@shared/domain/display-name';
import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import { formatFullDate, formatRelativeTime } from '@client/lib/format';
import { cn } from '@client/lib/utils';
import {
  notificationHref,
  notificationKind,
  splitMessage,
  type NotificationKind,
} from '../lib/notification-display';

const KINDS: Record<NotificationKind, { icon: LucideIcon; label: string; tone: string }> = {
  like: { icon: Heart, label: 'Like', tone: 'bg-rose-500 text-white [&_svg]:fill-current' },
  comment: { icon: MessageCircle, label: 'Voice reply', tone: 'bg-sky-600 text-white' },
  follow: { icon: UserPlus, label: 'New follower', tone: 'bg-emerald-600 text-white' },
  repost: { icon: Repeat2, label: 'Repost', tone: 'bg-violet-600 text-white' },
  'publish-request': {
    icon: Podcast,
    label: 'Request to post a conversation',
    tone: 'bg-amber-600 text-white',
  },
  other: { icon: Bell, label: 'Notification', tone: 'bg-stone-500 text-white' },
};

interface NotificationItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}

/**
 * Spec §2: the actor's avatar with an icon by type, the message, relative time, and for unread ones a ring and a
 * dot. The whole row links to the post, or to the follower's profile.
 */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const kind = KINDS[notificationKind(notification.type)];
  const Icon = kind.icon;
  const { actor, rest } = splitMessage(notification);
  const unread = !notification.read;
  return (
    <li>
      <Link
        href={notificationHref(notification)}
        onClick={() => onOpen(notification)}
        data-unread={unread || undefined}
        className={cn(
          'group relative flex items-center gap-3.5 rounded-2xl px-3 py-3 transition-colors sm:gap-4 sm:px-4',
          unread
            ? 'bg-accent/55 ring-1 ring-primary/20 ring-inset hover:bg-accent/80 dark:bg-accent/45 dark:ring-primary/25'
            : 'hover:bg-secondary/70',
        )}
      >
        <span className="relative shrink-0">
          <Avatar
            src={notification.user.profileImageUrl}
            name={displayName(notification.user)}
            framing={pictureFraming(notification.user)}
            className={cn('size-11', unread && 'bg-card ring-1 ring-primary/15')}
          />
          <span
            aria-hidden="true"
            className={cn(
              'absolute -bottom-1 -right-1 grid size-5.5 place-items-center rounded-full ring-2 ring-card [&_svg]:size-3',
              kind.tone,
            )}
          >
            <Icon strokeWidth={2.5} />
          </span>
        </span>
        <span className="min-w-0 flex-1">
          <span className="sr-only">{`${kind.label}${unread ? ', unread' : ''}: `}</span>
          <span
            className={cn(
              'block text-[0.95rem] leading-snug text-pretty',
              unread ? 'text-foreground' : 'text-foreground/85',
            )}
          >
            {actor && <span className="font-semibold text-foreground">{actor}</span>}
            {rest}
          </span>
          <time
            dateTime={notification.createdAt}
            title={formatFullDate(notification.createdAt)}
            className={cn(
              'mt-0.5 block text-xs',
              unread ? 'font-semibold text-accent-foreground' : 'text-muted-foreground',
            )}
          >
            {formatRelativeTime(notification.createdAt)}
          </time>
        </span>
        {unread && (
          <span
            aria-hidden="true"
            data-testid="unread-dot"
            className="size-2.5 shrink-0 rounded-full bg-primary"
          />
        )}
      </Link>
    </li>
  );
}

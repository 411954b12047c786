import type { Notification } from '@shared/contract/social';
import { displayName } from '@shared/domain/display-name';

/** Spec §2: icons by type, with "other" for anything the server adds later. */
export type NotificationKind = Notification['type'] | 'other';

const KNOWN_TYPES: ReadonlySet<string> = new Set<Notification['type']>([
  'like',
  'comment',
  'follow',
  'repost',
  'publish-request',
]);

export function notificationKind(type: string): NotificationKind {
  return KNOWN_TYPES.has(type) ? (type as Notification['type']) : 'other';
}

/**
 * Spec §2: a click goes to `/post/{postId}`, or for a follow to `/profile/{actor id}`; a request to post a
 * conversation opens the conversation, where its prompt is.
 */
export function notificationHref(
  notification: Pick<Notification, 'type' | 'postId' | 'conversationId' | 'user'>,
): string {
  if (notification.conversationId) return `/conversations/${encodeURIComponent(notification.conversationId)}`;
  if (notification.type !== 'follow' && notification.postId) {
    return `/post/${encodeURIComponent(notification.postId)}`;
  }
  return `/profile/${encodeURIComponent(notification.user.id)}`;
}

/**
 * The message split around the actor's name, so the name can be bold: the server writes "Maya Okafor liked your
 * post". A message that does not start with the name is shown whole.
 */
export function splitMessage(notification: Pick<Notification, 'message' | 'user'>): {
  actor: string | null;
  rest: string;
} {
  const name = displayName(notification.user);
  if (name && notification.message.startsWith(name)) {
    return { actor: name, rest: notification.message.slice(name.length) };
  }
  return { actor: null, rest: notification.message };
}

export function unreadCount(notifications: readonly Pick<Notification, 'read'>[] | undefined): number {
  return notifications?.filter((notification) => !notification.read).length ?? 0;
}

/** Spec §2: the "N new" badge. */
export function newBadgeLabel(count: number): string {
  return `${count} new`;
}

/** The bell's count: a number up to 9, then "9+", so the badge stays one small circle. */
export function unreadBadgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}

/** The bell link's accessible name, which says how many are unread. */
export function bellLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : 'Notifications';
}

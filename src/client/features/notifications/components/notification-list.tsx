import type { Notification } from '@shared/contract/social';
import { NotificationItem } from './notification-item';

interface NotificationListProps {
  notifications: readonly Notification[];
  onOpen: (notification: Notification) => void;
}

/** Newest first, as the server sends them. */
export function NotificationList({ notifications, onOpen }: NotificationListProps) {
  return (
    <ul
      aria-label="Notifications, newest first"
      className="space-y-1 rounded-3xl border bg-card p-1.5 shadow-soft sm:p-2"
    >
      {notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} onOpen={onOpen} />
      ))}
    </ul>
  );
}

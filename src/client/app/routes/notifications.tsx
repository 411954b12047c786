import { CheckCheck } from 'lucide-react';
import { LoadError } from '@client/components/load-error';
import { PageHeader } from '@client/components/page-header';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { useMarkNotificationsRead, useNotifications } from '@client/features/notifications/api/notifications';
import { NotificationList } from '@client/features/notifications/components/notification-list';
import { NotificationsEmpty } from '@client/features/notifications/components/notifications-empty';
import { NotificationsSkeleton } from '@client/features/notifications/components/notifications-skeleton';
import { newBadgeLabel, unreadCount } from '@client/features/notifications/lib/notification-display';

/** Spec §2 Notifications. */
export function NotificationsPage() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = unreadCount(notifications.data);

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <PageHeader title="Notifications" description="Likes, voice replies and new followers." />
        {notifications.data && notifications.data.length > 0 && (
          <div className="flex items-center gap-2">
            {unread > 0 && (
              <Badge variant="solid" className="px-3 py-1 text-sm" data-testid="new-badge">
                {newBadgeLabel(unread)}
              </Badge>
            )}
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                if (unread > 0) markRead.mutate(undefined);
              }}
              // Stays focusable once everything is read, so keyboard focus is not lost.
              aria-disabled={unread === 0 || undefined}
              className="aria-disabled:cursor-default aria-disabled:opacity-50 aria-disabled:hover:bg-card"
            >
              <CheckCheck aria-hidden="true" />
              Mark all as read
            </Button>
          </div>
        )}
      </div>

      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {notifications.data ? (unread > 0 ? `${newBadgeLabel(unread)} notifications` : 'All caught up') : ''}
      </p>

      {notifications.isPending ? (
        <NotificationsSkeleton />
      ) : notifications.isError ? (
        <LoadError
          message="We couldn’t load your notifications."
          onRetry={() => void notifications.refetch()}
          retrying={notifications.isFetching}
        />
      ) : notifications.data.length === 0 ? (
        <NotificationsEmpty />
      ) : (
        <NotificationList
          notifications={notifications.data}
          onOpen={(notification) => {
            if (!notification.read) markRead.mutate([notification.id]);
          }}
        />
      )}
    </div>
  );
}

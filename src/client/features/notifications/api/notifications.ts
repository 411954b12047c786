import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import { apiRequest, isUnauthorizedError } from '@client/lib/api-client';
import { routeKey } from '@client/lib/query-keys';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';
import { unreadCount } from '../lib/notification-display';

type Notifications = RouteResponse<Routes['listNotifications']>;

/** Spec §7 GET /api/notifications, newest first (the first page). */
export const notificationsQueryOptions = () =>
  queryOptions<Notifications>({ queryKey: routeKey('listNotifications') });
export const notificationsKey = notificationsQueryOptions().queryKey;

/** Fetched afresh each time the screen opens. */
export function useNotifications() {
  return useQuery({ ...notificationsQueryOptions(), refetchOnMount: 'always' });
}

function markInCache(
  previous: Notifications | undefined,
  ids?: readonly string[],
): Notifications | undefined {
  return previous?.map((item) => (!ids || ids.includes(item.id) ? { ...item, read: true } : item));
}

/**
 * POST /api/notifications/read: without ids marks every one read (spec §2's button only logs; ours works). The
 * list updates at once and is confirmed by a refetch; a failure puts it back and says why.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => apiRequest('markNotificationsRead', { body: ids ? { ids } : {} }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: notificationsKey });
      const previous = queryClient.getQueryData(notificationsKey);
      queryClient.setQueryData(notificationsKey, (list) => markInCache(list, ids));
      return { previous };
    },
    onError: (error, ids, context) => {
      if (context?.previous) queryClient.setQueryData(notificationsKey, context.previous);
      // Opening one notification marks it read quietly; only the button's failure is worth a word.
      if (ids || isUnauthorizedError(error)) return;
      toast({ variant: 'destructive', title: 'Error', description: uploadErrorMessage(error) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** Unread notifications among the newest page: what the bell shows. */
export function useUnreadNotificationCount(): number {
  return unreadCount(useNotifications().data);
}

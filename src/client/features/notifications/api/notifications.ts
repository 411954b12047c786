import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@shared/contract/endpoints';
import type { Notification } from '@shared/contract/social';
import { apiRequest, isUnauthorizedError } from '@client/lib/api-client';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';

export const notificationsKey = [endpoints.listNotifications.path];

/** Spec §7 GET /api/notifications, newest first; fetched afresh each time the screen opens. */
export function useNotifications() {
  return useQuery<Notification[]>({ queryKey: notificationsKey, refetchOnMount: 'always' });
}

function markInCache(
  previous: Notification[] | undefined,
  ids?: readonly string[],
): Notification[] | undefined {
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
      const previous = queryClient.getQueryData<Notification[]>(notificationsKey);
      queryClient.setQueryData<Notification[]>(notificationsKey, (list) => markInCache(list, ids));
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

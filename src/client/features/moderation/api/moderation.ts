import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationActionBody } from '@shared/contract/moderation';
import { apiRequest } from '@client/lib/api-client';
import { keysetPagesOptions } from '@client/lib/keyset-page';
import { postListQueries, routeQueries } from '@client/lib/query-keys';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';

/** Open reports, grouped by what they report, most recently reported first; a page at a time. */
export const useModerationCases = () => useInfiniteQuery(keysetPagesOptions('listModerationCases', {}));

/** Every moderation action, newest first. */
export const useModerationLog = () => useInfiniteQuery(keysetPagesOptions('listModerationLog', {}));

const DONE: Record<ModerationActionBody['action'], string> = {
  hide: 'Hidden from everyone but its owner',
  unhide: 'Shown again',
  remove: 'Removed',
  suspend: 'Account suspended',
  unsuspend: 'Account unsuspended',
  resolve: 'Report resolved',
  dismiss: 'Report dismissed',
};

/** One moderation action; the reports, the log and every post list load again. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionBody) => apiRequest('moderate', { body }),
    onSuccess: (_entry, body) => {
      void queryClient.invalidateQueries(routeQueries('listModerationCases', 'listModerationLog'));
      void queryClient.invalidateQueries(postListQueries);
      toast({ title: DONE[body.action] });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'That did not work', description: uploadErrorMessage(error) }),
  });
}

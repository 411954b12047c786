import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@client/lib/api-client';
import { currentUserQueryKey } from '@client/lib/session';

/**
 * DELETE /api/me with the password. Once gone, the person is signed out here too (the server ended every session
 * and cleared the cookie): nothing of theirs stays cached. `onDeleted` runs first, to leave the signed-in screens
 * in the same render.
 */
export function useDeleteAccount(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiRequest('deleteAccount', { body: { password } }),
    onSuccess: () => {
      onDeleted();
      queryClient.removeQueries({
        predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(currentUserQueryKey),
      });
      queryClient.setQueryData(currentUserQueryKey, null);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsChanges } from '@shared/contract/users';
import { apiRequest } from '@client/lib/api-client';
import { currentUserQueryKey } from '@client/lib/session';

/** PUT /api/me/settings: the signed-in person as saved is what every screen shows next. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: SettingsChanges) => apiRequest('updateSettings', { body: changes }),
    onSuccess: (saved) => queryClient.setQueryData(currentUserQueryKey, saved),
  });
}

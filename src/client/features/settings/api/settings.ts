import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsChanges } from '@shared/contract/users';
import { apiRequest } from '@client/lib/api-client';
import { currentUserQueryKey } from '@client/lib/session';

/**
 * PUT /api/me/settings: the signed-in person as saved is what every screen shows next. Saves go one at a time, in
 * the order made: two sent at once may reach the server in either order, and two arrow-key presses in a radio group
 * then left the choice before last saved (CI's e2e, 1 Dec).
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'settings' },
    mutationFn: (changes: SettingsChanges) => apiRequest('updateSettings', { body: changes }),
    onSuccess: (saved) => queryClient.setQueryData(currentUserQueryKey, saved),
  });
}

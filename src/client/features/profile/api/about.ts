import { useMutation } from '@tanstack/react-query';
import type { AboutBody } from '@shared/contract/users';
import { apiRequest } from '@client/lib/api-client';
import { asPublicUser, useProfileCaches } from './profile-edit';

/**
 * PUT /api/profile with the About tab's JSON body (null empties a field). The answer is the saved person: both
 * the profile and the signed-in person's caches take it, so every screen shows it at once.
 */
export function useSaveAbout(userId: string) {
  const update = useProfileCaches(userId);
  return useMutation({
    mutationFn: (body: AboutBody) => apiRequest('updateProfile', { body }),
    onSuccess: (saved) => update(() => asPublicUser(saved)),
  });
}

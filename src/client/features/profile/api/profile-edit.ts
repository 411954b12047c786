import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, PictureFramingBody, PublicUser } from '@shared/contract/users';
import { apiRequest, ApiError } from '@client/lib/api-client';
import { toFormData, type FilePart, type MultipartFields } from '@client/lib/multipart-form';
import { postListQueries } from '@client/lib/query-keys';
import { currentUserQueryKey } from '@client/lib/session';
import {
  uploadErrorMessage,
  uploadWithProgress,
  type UploadProgress,
} from '@client/lib/upload-with-progress';
import { profileUserQueryOptions } from './user';

export interface ProfileSave {
  fields: MultipartFields<'updateProfile'>;
  profileImage?: FilePart;
  coverImage?: FilePart;
  onProgress?: (progress: UploadProgress) => void;
}

/** Spec §8: "Update Failed" with the server's message, or "Failed to update profile" when there is none. */
export function updateFailedMessage(error: unknown): string {
  return error instanceof ApiError ? uploadErrorMessage(error) : 'Failed to update profile';
}

export function isUsernameTaken(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** The signed-in person as others see them: what the profile page's copy holds, without what is theirs alone. */
export function asPublicUser({
  email: _email,
  isModerator: _isModerator,
  groupAdds: _groupAdds,
  transcribePrivate: _transcribePrivate,
  ...user
}: CurrentUser): PublicUser {
  return user;
}

/**
 * Every screen shows the change at once: the signed-in person (nav, greeting) and their profile; the post lists,
 * whose cards carry the author's name and picture, load again.
 */
export function useProfileCaches(userId: string) {
  const queryClient = useQueryClient();
  return (change: (user: PublicUser) => PublicUser) => {
    queryClient.setQueryData(currentUserQueryKey, (user) => user && { ...user, ...change(user) });
    queryClient.setQueryData(profileUserQueryOptions(userId).queryKey, (user) => user && change(user));
    void queryClient.invalidateQueries(postListQueries);
  };
}

/** PUT /api/profile from the Edit Profile dialog or the avatar's "Change picture": the multipart form. */
export function useUpdateProfile(userId: string) {
  const update = useProfileCaches(userId);
  return useMutation({
    mutationFn: ({ fields, profileImage, coverImage, onProgress }: ProfileSave) =>
      uploadWithProgress('updateProfile', {
        body: toFormData('updateProfile', fields, { profileImage, coverImage }),
        onProgress,
      }),
    onSuccess: (saved: CurrentUser) => update(() => asPublicUser(saved)),
  });
}

/** PUT /api/profile/image-position: the server answers the framing it kept (clamped). */
export function useSaveImagePosition(userId: string) {
  const update = useProfileCaches(userId);
  return useMutation({
    mutationFn: (framing: PictureFramingBody) => apiRequest('updateProfileImagePosition', { body: framing }),
    onSuccess: (saved) =>
      update((user) => ({
        ...user,
        profileImagePositionX: saved.positionX,
        profileImagePositionY: saved.positionY,
        profileImageZoom: saved.zoom,
      })),
  });
}

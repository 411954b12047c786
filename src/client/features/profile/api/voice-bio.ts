import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import type { VoiceBio } from '@shared/contract/voice-bio';
import { apiRequest } from '@client/lib/api-client';
import { extensionForMimeType } from '@client/lib/audio/recording-support';
import type { RecordedTake } from '@client/lib/audio/use-recorded-take';
import { toFormData } from '@client/lib/multipart-form';
import { routeKey } from '@client/lib/query-keys';
import { uploadWithProgress, type UploadProgress } from '@client/lib/upload-with-progress';
import { currentUserQueryKey } from '@client/lib/session';
import { profileUserQueryOptions } from './user';

/** GET /api/voice-bio/{id}: the voice bio's sources and length; all null when there is none. */
export const voiceBioQueryOptions = (userId: string) =>
  queryOptions<RouteResponse<Routes['getVoiceBio']>>({ queryKey: routeKey('getVoiceBio', { userId }) });

/** Asked only for someone whose profile says they have one. */
export function useVoiceBio(userId: string, enabled: boolean) {
  return useQuery({ ...voiceBioQueryOptions(userId), enabled });
}

/** POST /api/voice-bio: the take as `voiceBio`; the server measures its length. */
export function uploadVoiceBio(take: RecordedTake, onProgress: (progress: UploadProgress) => void) {
  const body = toFormData(
    'uploadVoiceBio',
    { duration: String(Math.round(take.seconds * 10) / 10) },
    { voiceBio: { blob: take.blob, name: `voice-bio.${extensionForMimeType(take.blob.type)}` } },
  );
  return uploadWithProgress('uploadVoiceBio', { body, onProgress });
}

/**
 * After an upload or a deletion: the new voice bio is known at once, and the profile (its ring, the `voiceBioUrl`)
 * and the signed-in person are asked again.
 */
export function useVoiceBioChanged(userId: string) {
  const queryClient = useQueryClient();
  return (voiceBio: VoiceBio) => {
    queryClient.setQueryData(voiceBioQueryOptions(userId).queryKey, voiceBio);
    void queryClient.invalidateQueries({ queryKey: profileUserQueryOptions(userId).queryKey });
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  };
}

/** DELETE /api/voice-bio: one's own. */
export function useDeleteVoiceBio(userId: string) {
  const changed = useVoiceBioChanged(userId);
  return useMutation({
    mutationFn: () => apiRequest('deleteVoiceBio'),
    onSuccess: changed,
  });
}

import { useCallback } from 'react';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditOperation } from '@shared/domain/edit-list';
import { ORIGINAL_SOURCE } from '@shared/domain/edit-list';
import type { DraftEdit, DraftTake } from '@shared/contract/drafts';
import type { Post } from '@shared/contract/posts';
import { apiRequest } from '@client/lib/api-client';
import { recordingFileName } from '@client/lib/audio/recording-support';
import type { RecordedTake } from '@client/lib/audio/use-recorded-take';
import { toFormData } from '@client/lib/multipart-form';
import { postListQueries, routeKey } from '@client/lib/query-keys';
import { uploadWithProgress, type UploadProgress } from '@client/lib/upload-with-progress';
import type { SourcePeaks } from '../lib/waveform-bars';

/** GET /api/drafts/{id}/edit: the draft's original, its takes and the operations last saved. */
export const draftEditOptions = (draftId: string) =>
  queryOptions<DraftEdit>({ queryKey: routeKey('getDraftEdit', { id: draftId }), staleTime: 0 });

export function useDraftEdit(draftId: string) {
  return useQuery({ ...draftEditOptions(draftId), refetchOnMount: 'always' });
}

/**
 * The detailed peaks of each source the timeline uses, by source ("original" or a take's id); a source whose
 * peaks failed or are still loading is missing, and the waveform shows its placeholder meanwhile.
 */
export function useSourcePeaks(
  draftId: string,
  sources: readonly string[],
): ReadonlyMap<string, SourcePeaks> {
  // Stable, so the map (and the bars drawn from it) is made again only when the peaks change, not every render.
  const combine = useCallback(
    (results: readonly { data?: SourcePeaks }[]) => {
      const peaks = new Map<string, SourcePeaks>();
      results.forEach((result, index) => {
        if (result.data) peaks.set(sources[index] ?? ORIGINAL_SOURCE, result.data);
      });
      return peaks;
    },
    [sources],
  );
  return useQueries({
    queries: sources.map((source) =>
      queryOptions<SourcePeaks>({ queryKey: routeKey('getDraftSourcePeaks', { id: draftId, source }) }),
    ),
    combine,
  });
}

/** POST /api/drafts/{id}/takes: a take recorded in the editor; the server measures it. */
export function uploadTake(
  draftId: string,
  take: RecordedTake,
  onProgress: (progress: UploadProgress) => void,
): Promise<DraftTake> {
  return uploadWithProgress('addDraftTake', {
    params: { id: draftId },
    body: toFormData(
      'addDraftTake',
      { duration: String(take.seconds) },
      { audio: { blob: take.blob, name: recordingFileName('recording', take.mimeType) } },
    ),
    onProgress,
  });
}

/** PUT /api/drafts/{id}/edit: the server renders the operations into the draft's audio and answers the draft. */
export function useSaveDraftEdit(draftId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (operations: readonly EditOperation[]) =>
      apiRequest('saveDraftEdit', { params: { id: draftId }, body: { operations: [...operations] } }),
    onSuccess: (draft: Post) => {
      void queryClient.invalidateQueries(postListQueries);
      void queryClient.invalidateQueries({ queryKey: draftEditOptions(draftId).queryKey });
      queryClient.setQueryData(routeKey('getPost', { id: draftId }), draft);
    },
  });
}

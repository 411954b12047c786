import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadWithProgress, type UploadProgress } from '@client/lib/upload-with-progress';
import type { RecorderMode } from '../lib/upload-form';

/** Query keys whose data a new post or draft changes (spec §7: posts and feed; drafts too). */
export const PUBLISH_INVALIDATES = [['/api/posts'], ['/api/feed'], ['/api/diary']] as const;

/**
 * Uploads a post (or a diary entry) with byte progress, then refreshes the lists it appears in. With `draftId`
 * the upload edits that draft in place (spec §7 `PUT /api/diary`) instead of creating anything.
 */
export function usePublishRecording(mode: RecorderMode, draftId?: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (body: FormData) => {
      setProgress(null);
      const endpoint = draftId ? 'editDraft' : mode === 'diary' ? 'createDiaryEntry' : 'createPost';
      return uploadWithProgress(endpoint, { body, onProgress: setProgress });
    },
    onSuccess: () => {
      for (const queryKey of PUBLISH_INVALIDATES)
        void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

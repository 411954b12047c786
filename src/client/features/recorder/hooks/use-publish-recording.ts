import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadWithProgress, type UploadProgress } from '@client/lib/upload-with-progress';
import type { RecorderMode } from '../lib/upload-form';

/** Query keys whose data a new post or draft changes (spec §7: posts and feed; drafts too). */
export const PUBLISH_INVALIDATES = [['/api/posts'], ['/api/feed'], ['/api/diary']] as const;

/** Uploads a post (or a diary entry) with byte progress, then refreshes the lists it appears in. */
export function usePublishRecording(mode: RecorderMode) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (body: FormData) => {
      setProgress(null);
      return uploadWithProgress(mode === 'diary' ? 'createDiaryEntry' : 'createPost', {
        body,
        onProgress: setProgress,
      });
    },
    onSuccess: () => {
      for (const queryKey of PUBLISH_INVALIDATES)
        void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

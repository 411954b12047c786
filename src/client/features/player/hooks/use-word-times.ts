import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TranscriptTiming, WordTimes } from '@shared/domain/transcript-timing';
import { apiRequest } from '@client/lib/api-client';
import { routeKey } from '@client/lib/query-keys';

export interface PostWordTimes {
  /** Times aligned to the recording, or null while they load or where the server estimates them too. */
  times: WordTimes | null;
  timing: TranscriptTiming;
  /** Written by the operator's speech recogniser rather than the author. */
  recognised: boolean;
}

/**
 * The server's word times of a post's transcript (GET /api/posts/{id}/transcript). Kept per transcript and
 * recording: an edited transcript or new audio asks again.
 */
export function usePostWordTimes(postId: string, transcription: string, audioUrl: string): PostWordTimes {
  const query = useQuery({
    queryKey: [...routeKey('getPostTranscript', { id: postId }), transcription, audioUrl],
    queryFn: ({ signal }) => apiRequest('getPostTranscript', { params: { id: postId }, signal }),
  });
  const data = query.data;
  return useMemo(
    () => ({
      ...(data?.timing === 'aligned'
        ? { times: data.words.map((word) => [word.start, word.end] as const), timing: 'aligned' as const }
        : { times: null, timing: 'estimated' as const }),
      recognised: data?.source === 'recognised',
    }),
    [data],
  );
}

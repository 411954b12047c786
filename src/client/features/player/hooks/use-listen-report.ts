import { useEffect } from 'react';
import { apiRequest } from '@client/lib/api-client';
import { attachListenReport } from '@client/lib/audio/listen-report';

/**
 * Reports the listening to the post `element` plays (see attachListenReport), while the player shows it. Reports
 * are best effort: a failed one is dropped without a word.
 */
export function useListenReport(element: HTMLAudioElement | null, postId: string | null) {
  useEffect(() => {
    if (!element || !postId) return;
    return attachListenReport(element, (seconds, keepalive) => {
      apiRequest('recordListen', { params: { id: postId }, body: { seconds }, keepalive }).catch(
        () => undefined,
      );
    });
  }, [element, postId]);
}

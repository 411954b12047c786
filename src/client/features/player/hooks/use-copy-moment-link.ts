import { useCallback } from 'react';
import { copyLink } from '@client/lib/copy-link';
import { postShareUrl } from '@client/lib/moment-link';
import { formatDuration } from '@client/lib/format';

/** Copies the link to a moment of the post (`/posts/{id}?t=73`); `what` names the chapter or word it points at. */
export function useCopyMomentLink(postId: string) {
  return useCallback(
    (seconds: number, what?: string) => {
      const at = formatDuration(seconds);
      return copyLink(postShareUrl(postId, seconds), what ? `Opens ${what} at ${at}:` : `Opens at ${at}:`);
    },
    [postId],
  );
}

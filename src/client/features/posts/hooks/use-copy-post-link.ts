import { useCallback } from 'react';
import { copyLink } from '@client/lib/copy-link';
import { postShareUrl } from '@client/lib/moment-link';

/** Spec §2/§8: copies `/posts/{id}` and says "Link Copied!". */
export function useCopyPostLink() {
  return useCallback((postId: string) => copyLink(postShareUrl(postId)), []);
}

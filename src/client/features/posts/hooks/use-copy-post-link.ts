import { useCallback } from 'react';
import { copyText } from '@client/lib/copy-text';
import { toast } from '@client/lib/use-toast';
import { postShareUrl } from '../lib/post-labels';

/** Spec §2/§8: copies `/posts/{id}` and says "Link Copied!". */
export function useCopyPostLink() {
  return useCallback(async (postId: string) => {
    const url = postShareUrl(postId);
    try {
      await copyText(url);
      toast({ title: 'Link Copied!', description: url });
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy the link', description: url });
    }
  }, []);
}

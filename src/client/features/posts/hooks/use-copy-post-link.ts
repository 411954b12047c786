import { useCallback } from 'react';
import { toast } from '@client/lib/use-toast';
import { postShareUrl } from '../lib/post-labels';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and insecure origins: the selection-based copy.
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  const copied = document.execCommand('copy');
  field.remove();
  if (!copied) throw new Error('copy refused');
}

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

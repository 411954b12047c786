import { useCallback } from 'react';
import type { Post } from '@shared/contract/posts';
import { embedIframeHtml, embedPath } from '@shared/domain/embed';
import { copyText } from '@client/lib/copy-text';
import { toast } from '@client/lib/use-toast';

/** Whether other sites may embed the post: everyone may see it (the server's embed refuses anything else). */
export const isEmbeddable = (post: Post): boolean =>
  !post.isDraft && !post.isPrivate && !post.hiddenByModerators;

/** The post menu's "Embed": copies the iframe code of the post's player and says so, as "Copy link" does. */
export function useCopyEmbedCode() {
  return useCallback(async (post: Post) => {
    const code = embedIframeHtml(`${location.origin}${embedPath(post.id)}`, post.title);
    try {
      await copyText(code);
      toast({
        title: 'Embed Code Copied!',
        description: 'Paste it into a web page to play this post there.',
      });
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy the embed code', description: code });
    }
  }, []);
}

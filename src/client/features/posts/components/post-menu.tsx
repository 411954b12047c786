import { lazy, Suspense, useState } from 'react';
import type { Post } from '@shared/contract/posts';
import { loadOnIntent } from '@client/lib/load-on-intent';
import { useAuth } from '@client/lib/use-auth';
import { isEmbeddable } from '../hooks/use-copy-embed-code';
import { PostMenuButton } from './post-menu-button';

export interface PostMenuProps {
  post: Post;
  isOwner: boolean;
  onExtend?: (post: Post) => void;
  onDeleted?: (post: Post) => void;
  /** Offer "Copy link" in the menu too (cards without their own share button). */
  includeShare?: boolean;
  appearance?: 'default' | 'overlay';
  className?: string;
}

const loadDropdown = () => import('./post-menu-dropdown');
const PostMenuDropdown = lazy(() => loadDropdown().then((module) => ({ default: module.PostMenuDropdown })));

/**
 * Spec §2/§6: the owner's "Extend Post" and "Delete Post" (deleting asks once more), Report for others; "Embed"
 * for a public post (issue 27). Every card
 * has one, so the menu's code loads when a menu is first opened (and starts loading when the pointer or focus
 * reaches the button), not with the first screen.
 */
export function PostMenu(props: PostMenuProps) {
  const { user } = useAuth();
  const [opened, setOpened] = useState(false);
  const canReport = user !== null && !props.isOwner;
  const canEmbed = isEmbeddable(props.post);
  if (!props.isOwner && !props.includeShare && !canReport && !canEmbed) return null;
  const standIn = (
    <PostMenuButton
      post={props.post}
      appearance={props.appearance}
      className={props.className}
      aria-haspopup="menu"
      aria-expanded={false}
      {...loadOnIntent(loadDropdown)}
      onClick={() => setOpened(true)}
    />
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <PostMenuDropdown {...props} canReport={canReport} canEmbed={canEmbed} />
    </Suspense>
  );
}

import type { ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';

export type RenderPlayer = (
  post: Post,
  options: {
    variant: 'full' | 'compact' | 'mini';
    appearance?: 'default' | 'overlay';
    transcriptOpen?: boolean;
  },
) => ReactNode;

/** The author's name on a card, drawn by the page (a profile popup); `className` is the card's look for it. */
export type RenderAuthorName = (author: PublicUser, className: string) => ReactNode;

const TYPE_LABELS: Record<Post['type'], string> = {
  post: 'Voice Post',
  episode: 'Pod',
  diary: 'Voice Draft',
};

export function postTypeLabel(type: Post['type']): string {
  return TYPE_LABELS[type];
}

/** Spec §2: "Untitled Post", or "Untitled Episode" for pods. */
export function postTitle(post: Pick<Post, 'title' | 'type'>): string {
  return post.title.trim() || (post.type === 'episode' ? 'Untitled Episode' : 'Untitled Post');
}

import { stableChoice } from '@shared/domain/stable-choice';
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

/** A warm gradient picked from the post id, so artwork-less posts look distinct but stable. */
const GRADIENTS = [
  'from-orange-500 via-rose-500 to-fuchsia-600',
  'from-amber-400 via-orange-500 to-red-600',
  'from-teal-500 via-cyan-600 to-indigo-700',
  'from-violet-500 via-purple-600 to-rose-600',
  'from-emerald-500 via-teal-600 to-sky-700',
  'from-rose-400 via-pink-600 to-purple-700',
  'from-sky-500 via-indigo-600 to-violet-700',
  'from-lime-500 via-emerald-600 to-teal-700',
] as const;

export function postGradient(id: string): string {
  return stableChoice(id, GRADIENTS);
}

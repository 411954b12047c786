import type { RouteResponse, Routes } from '@shared/contract/routes';

export type LikeStatus = RouteResponse<Routes['likeStatus']>;
export type DislikeStatus = RouteResponse<Routes['dislikeStatus']>;
export type Reaction = 'like' | 'dislike';

export interface ReactionState {
  like: LikeStatus | undefined;
  dislike: DislikeStatus | undefined;
}

/**
 * What the server will answer to a toggle, guessed ahead of it so the button reacts at once: the reaction flips,
 * its count moves by one, and a like replaces a dislike (and vice versa). Unknown statuses stay unknown.
 */
export function applyReaction(state: ReactionState, reaction: Reaction): ReactionState {
  const { like, dislike } = state;
  if (reaction === 'like') {
    if (!like) return state;
    const liked = !like.liked;
    return {
      like: { liked, count: Math.max(0, like.count + (liked ? 1 : -1)) },
      dislike:
        liked && dislike?.disliked ? { disliked: false, count: Math.max(0, dislike.count - 1) } : dislike,
    };
  }
  if (!dislike) return state;
  const disliked = !dislike.disliked;
  return {
    dislike: { disliked, count: Math.max(0, dislike.count + (disliked ? 1 : -1)) },
    like: disliked && like?.liked ? { liked: false, count: Math.max(0, like.count - 1) } : like,
  };
}

/** "1,204" in the viewer's locale; counts are short numbers next to an icon. */
export function formatCount(count: number): string {
  return new Intl.NumberFormat('en-US').format(Math.max(0, Math.floor(count)));
}

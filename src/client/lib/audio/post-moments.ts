import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * Voice replies at a moment (issue 29): what a post's full player and its thread of replies tell each other,
 * features not importing each other. The player says where it stands paused (the moment a reply would answer) and
 * takes requests to go to a moment; a mark on its waveform asks the thread to play that reply.
 */

const listeners = new Set<() => void>();
const pausedAt = new Map<string, number>();
let requestedReply: { postId: string; commentId: string } | null = null;

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The post's full player, paused at `seconds` into it; null while it plays, is at the start or is gone. */
export function setPausedMoment(postId: string, seconds: number | null): void {
  if ((pausedAt.get(postId) ?? null) === seconds) return;
  if (seconds === null) pausedAt.delete(postId);
  else pausedAt.set(postId, seconds);
  notify();
}

export function usePausedMoment(postId: string): number | null {
  return useSyncExternalStore(subscribe, () => pausedAt.get(postId) ?? null);
}

const SEEK_EVENT = 'earshot-post-seek';
const REPLY_AT_EVENT = 'earshot-reply-at';

interface PostMomentDetail {
  postId: string;
  seconds?: number;
}

/** A reply's "at 1:13": the post's full player goes there and plays. */
export function requestPostSeek(postId: string, seconds: number): void {
  window.dispatchEvent(new CustomEvent<PostMomentDetail>(SEEK_EVENT, { detail: { postId, seconds } }));
}

/** A word's "Reply here": the thread's composer offers to reply at the moment the player was paused at. */
export function requestReplyAtMoment(postId: string): void {
  window.dispatchEvent(new CustomEvent<PostMomentDetail>(REPLY_AT_EVENT, { detail: { postId } }));
}

function usePostEvent(name: string, postId: string | null, handle: (detail: PostMomentDetail) => void) {
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    if (!postId) return;
    const listener = (event: Event) => {
      const { detail } = event as CustomEvent<PostMomentDetail>;
      if (detail.postId === postId) latest.current(detail);
    };
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  }, [name, postId]);
}

/** `postId` null: this player is not the post's full player, and takes no requests. */
export const usePostSeekRequests = (postId: string | null, seek: (seconds: number) => void) =>
  usePostEvent(SEEK_EVENT, postId, (detail) => seek(detail.seconds ?? 0));

export const useReplyAtMomentRequests = (postId: string, offer: () => void) =>
  usePostEvent(REPLY_AT_EVENT, postId, offer);

/** A mark on the post's waveform: its thread opens, and the reply plays in its own player there. */
export function requestReplyPlay(postId: string, commentId: string): void {
  requestedReply = { postId, commentId };
  notify();
}

export function useRequestedReply(): { postId: string; commentId: string } | null {
  return useSyncExternalStore(subscribe, () => requestedReply);
}

/** The requested reply started playing (or could not): the request is done with. */
export function replyPlayRequestTaken(): void {
  requestedReply = null;
  notify();
}

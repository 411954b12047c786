import { useSyncExternalStore } from 'react';

/**
 * Continuous play (issue 29): the players inside an element marked `data-play-queue` (the feed's posts) are a queue
 * in page order. With the switch on (remembered in this browser), one that ends starts the next; the lock screen's
 * and headphones' next and previous track move along the queue either way.
 */
const CONTINUOUS_KEY = 'earshot.continuousPlay';

/** Sent to a queued <audio> element: its player plays, as its own play button would. */
export const PLAY_REQUEST_EVENT = 'earshot-play-request';

let continuous: boolean | null = null;
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(CONTINUOUS_KEY) === 'true';
  } catch {
    return false;
  }
}

export function continuousPlayOn(): boolean {
  continuous ??= read();
  return continuous;
}

export function setContinuousPlay(on: boolean): void {
  continuous = on;
  try {
    localStorage.setItem(CONTINUOUS_KEY, String(on));
  } catch {
    // Private mode or a full quota: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useContinuousPlay(): [boolean, (on: boolean) => void] {
  return [useSyncExternalStore(subscribe, continuousPlayOn), setContinuousPlay];
}

/** The player `step` places after (or before) `element` in its queue; null at either end or outside a queue. */
export function queueNeighbour(element: HTMLAudioElement, step: 1 | -1): HTMLAudioElement | null {
  const queue = element.closest('[data-play-queue]');
  if (!queue) return null;
  const players = [...queue.querySelectorAll('audio')];
  return players[players.indexOf(element) + step] ?? null;
}

/** Has the player of `element` play (its sources, its resume point), as its play button would. */
export function requestPlay(element: HTMLAudioElement): void {
  element.dispatchEvent(new Event(PLAY_REQUEST_EVENT));
}

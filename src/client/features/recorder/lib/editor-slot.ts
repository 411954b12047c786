import type { ComponentType } from 'react';
import type { Post } from '@shared/contract/posts';

/**
 * The advanced editor (another feature, so handed in by the page), put over the recorder on a draft: Cancel closes
 * it, Apply gives back the draft with its edited audio.
 */
export type EditorSlot = ComponentType<{
  draft: { id: string; title: string };
  onClose: () => void;
  onApplied: (draft: Post) => void;
}>;

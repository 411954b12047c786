import { lazy, Suspense } from 'react';
import type { EditorSlot } from '@client/features/recorder/lib/editor-slot';

/** The advanced editor loads when first opened. */
export const EditorDialog = lazy(() =>
  import('@client/features/editor/components/editor-dialog').then((module) => ({
    default: module.EditorDialog,
  })),
);

/** The advanced editor in the recorders' publish forms (features do not import each other). */
export const RecorderEditor: EditorSlot = (props) => (
  <Suspense fallback={null}>
    <EditorDialog {...props} />
  </Suspense>
);

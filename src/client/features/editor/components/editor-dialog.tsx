import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import type { Post } from '@shared/contract/posts';
import { LoadError } from '@client/components/load-error';
import { toast } from '@client/lib/use-toast';
import { useDraftEdit } from '../api/draft-edit';
import { DraftEditor } from './draft-editor';

interface EditorDialogProps {
  draft: { id: string; title: string };
  onClose: () => void;
  /** Apply: the rendered draft, for the publish form. */
  onApplied: (draft: Post) => void;
}

/** Spec §2 Recorder view 6: the advanced editor, full screen on every screen size, for one draft. */
export function EditorDialog({ draft, onClose, onApplied }: EditorDialogProps) {
  const edit = useDraftEdit(draft.id);
  // The editor starts from the server's list as it is now, never from a copy cached before the last save.
  const ready = edit.isSuccess && edit.isFetchedAfterMount;
  // Spec §4 "Editing a draft": the draft loads and says so (its later refetches stay quiet).
  useEffect(() => {
    if (ready) toast({ title: 'Draft Loaded for Editing!' });
  }, [ready]);
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && !ready && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          aria-labelledby="draft-editor-title"
          aria-describedby={undefined}
          // The editor asks before unsaved edits are dropped; Escape goes through its Cancel.
          onEscapeKeyDown={(event) => ready && event.preventDefault()}
          className="fixed inset-0 z-50 flex flex-col bg-background outline-none transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none"
        >
          {ready ? (
            <DraftEditor
              draftId={draft.id}
              title={draft.title}
              edit={edit.data}
              onClose={onClose}
              onApplied={onApplied}
            />
          ) : (
            <div className="grid flex-1 place-items-center p-6">
              <DialogPrimitive.Title id="draft-editor-title" className="sr-only">
                {draft.title}
              </DialogPrimitive.Title>
              {edit.isError ? (
                <div className="w-full max-w-md space-y-3">
                  <p className="text-center font-semibold">Error Loading Draft</p>
                  <LoadError
                    message="Failed to load draft for editing"
                    onRetry={() => void edit.refetch()}
                    retrying={edit.isFetching}
                  />
                  <button
                    type="button"
                    onClick={onClose}
                    className="mx-auto block cursor-pointer text-sm font-medium text-muted-foreground underline-offset-4 hover:underline"
                  >
                    Back to drafts
                  </button>
                </div>
              ) : (
                <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Loader2 className="size-4 animate-spin" aria-hidden="true" />
                  Opening the editor…
                </p>
              )}
            </div>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

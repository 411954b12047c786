import type { Post } from '@shared/contract/posts';
import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { useDeleteDraft } from '../api/drafts';
import { draftTitle } from '../lib/draft-labels';

interface DeleteDraftDialogProps {
  draft: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: (draft: Post) => void;
}

/** Spec §2 Drafts: asks before a voice draft is deleted for good. */
export function DeleteDraftDialog({ draft, open, onOpenChange, onDeleted }: DeleteDraftDialogProps) {
  const deleteDraft = useDeleteDraft();
  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete “${draftTitle(draft)}”?`}
      description="Are you sure you want to delete this voice draft? This action cannot be undone."
      pending={deleteDraft.isPending}
      onConfirm={() =>
        deleteDraft.mutate(draft.id, {
          onSuccess: () => {
            onOpenChange(false);
            onDeleted?.(draft);
          },
        })
      }
    />
  );
}

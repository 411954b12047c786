import type { Post } from '@shared/contract/posts';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
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
    <Dialog open={open} onOpenChange={(next) => !deleteDraft.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Delete “{draftTitle(draft)}”?</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete this voice draft? This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={deleteDraft.isPending}>
            Cancel
          </Button>
          <Button
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            disabled={deleteDraft.isPending}
            onClick={() =>
              deleteDraft.mutate(draft.id, {
                onSuccess: () => {
                  onOpenChange(false);
                  onDeleted?.(draft);
                },
              })
            }
          >
            {deleteDraft.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

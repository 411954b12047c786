import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';

interface DiscardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** Discarding an edit of a saved draft: the draft itself stays as it was. */
  editingDraft?: boolean;
}

/** Asks before a recording is thrown away: a slip of the finger should not cost a take. */
export function DiscardDialog({ open, onOpenChange, onConfirm, editingDraft = false }: DiscardDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{editingDraft ? 'Discard your changes?' : 'Discard this recording?'}</DialogTitle>
          <DialogDescription>
            {editingDraft
              ? 'The draft stays as it was saved. What you recorded since opening it will be deleted.'
              : 'What you recorded will be deleted. This can’t be undone.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {editingDraft ? 'Keep editing' : 'Keep it'}
          </Button>
          <Button
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            Discard
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';

interface DiscardEditsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDiscard: () => void;
}

/** Cancel with unsaved edits asks first; the takes stay on the server, the edits themselves are lost. */
export function DiscardEditsDialog({ open, onOpenChange, onDiscard }: DiscardEditsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Discard your edits?</DialogTitle>
          <DialogDescription>The draft stays as it was last saved.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep editing
          </Button>
          <Button
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            onClick={onDiscard}
          >
            Discard edits
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

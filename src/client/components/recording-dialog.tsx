import { useState, type ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';

interface RecordingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  className?: string;
  /** The recorder, mounted only while the dialog is open; it says when an upload makes it busy. */
  children: (setBusy: (busy: boolean) => void) => ReactNode;
}

/**
 * A dialog around a recorder: a click outside never throws a take away, and while its upload runs the dialog
 * cannot be closed at all.
 */
export function RecordingDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  children,
}: RecordingDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (next || !busy) && onOpenChange(next)}>
      <DialogContent
        hideClose={busy}
        onInteractOutside={(event) => event.preventDefault()}
        className={className}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && children(setBusy)}
      </DialogContent>
    </Dialog>
  );
}

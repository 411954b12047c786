import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetKind,
} from '@shared/domain/moderation';
import { RadioCards } from '@client/components/radio-cards';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { apiRequest } from '@client/lib/api-client';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';

const WHAT: Record<ReportTargetKind, string> = {
  post: 'post',
  comment: 'voice reply',
  message: 'message',
  user: 'account',
};

const REASONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targetKind: ReportTargetKind;
  targetId: string;
  /** The server the reported person is from, when they are of another server: the report may go there too. */
  homeServer?: string | undefined;
}

/**
 * Issue 17: why a person reports a post, reply, message or account (a radio group: arrow keys move between
 * reasons), an optional note, Submit. The moderators see it; the person reported is never told who reported.
 * Of someone of another server (issue 28), a checkbox (off until ticked, as Mastodon's "Forward to") sends the
 * report to their server's moderators too, from our server, without the reporter's name.
 */
export function ReportDialog({ open, onOpenChange, targetKind, targetId, homeServer }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [forward, setForward] = useState(false);
  const noteId = useId();
  const forwardHintId = useId();
  const what = WHAT[targetKind];
  const send = useMutation({
    mutationFn: () =>
      apiRequest('report', {
        body: {
          targetKind,
          targetId,
          reason: reason!,
          ...(note.trim() ? { note } : {}),
          ...(homeServer && forward ? { forward: true } : {}),
        },
      }),
    onSuccess: (receipt) => {
      const sentOn =
        receipt.forwarded === true
          ? ` It goes to ${homeServer}’s moderators too.`
          : receipt.forwarded === false
            ? ` Our server does not send reports to ${homeServer}, so it stays here.`
            : '';
      toast({
        title: 'Thanks for telling us',
        description: `Our moderators will look at this ${what}. Nobody is told who reported it.${sentOn}`,
      });
      onOpenChange(false);
      setReason(null);
      setNote('');
      setForward(false);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Report failed', description: uploadErrorMessage(error) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason) send.mutate();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !send.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="space-y-5">
          <DialogHeader>
            <DialogTitle>Report this {what}</DialogTitle>
            <DialogDescription>
              Tell our moderators what is wrong. The person will not know who reported them.
            </DialogDescription>
          </DialogHeader>
          <RadioCards
            legend="Reason"
            name="report-reason"
            choices={REASONS}
            value={reason}
            onChange={setReason}
            compact
          />
          <div className="space-y-2">
            <Label htmlFor={noteId}>Anything else? (optional)</Label>
            <Textarea
              id={noteId}
              rows={3}
              maxLength={REPORT_NOTE_MAX_LENGTH}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <p className="text-right text-xs text-muted-foreground">
              {note.length}/{REPORT_NOTE_MAX_LENGTH}
            </p>
          </div>
          {homeServer && (
            <div className="flex items-start gap-3">
              <input
                id={`${forwardHintId}-box`}
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-primary"
                checked={forward}
                onChange={(event) => setForward(event.target.checked)}
                aria-describedby={forwardHintId}
              />
              <div className="space-y-0.5">
                <Label htmlFor={`${forwardHintId}-box`}>
                  Also send this report to {homeServer}’s moderators
                </Label>
                <p id={forwardHintId} className="text-xs text-muted-foreground">
                  This {what} is from another server. It goes from our server, without your name.
                </p>
              </div>
            </div>
          )}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={send.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={!reason || send.isPending}>
              {send.isPending ? 'Sending...' : 'Submit report'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

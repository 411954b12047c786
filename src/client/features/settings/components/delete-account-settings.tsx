import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/lib/use-toast';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { useDeleteAccount } from '../api/delete-account';
import { SettingsSection } from './settings-section';

const destructive = 'bg-destructive text-destructive-foreground hover:bg-destructive/90';

/** The danger zone: deleting the account, confirmed with the password in a dialog that says what goes. */
export function DeleteAccountSettings() {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection
      id="delete-account"
      title="Delete account"
      description="Delete your account and everything in it. This cannot be undone."
    >
      <Button className={destructive} onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </SettingsSection>
  );
}

function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [password, setPassword] = useState('');
  const [, navigate] = useLocation();
  const deletion = useDeleteAccount(() => {
    navigate('/');
    toast({ title: 'Your account was deleted', description: 'Everything of yours is gone. Take care.' });
  });
  const error = deletion.isError ? uploadErrorMessage(deletion.error) : undefined;

  const close = (next: boolean) => {
    if (deletion.isPending) return;
    if (!next) {
      setPassword('');
      deletion.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    deletion.mutate(password);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="space-y-5">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              Your profile, posts, drafts, comments, the messages you sent, your likes, follows and voice bio,
              and every recording and photo of yours are deleted for good. You are signed out everywhere.
              Download your data first if you want to keep a copy.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="delete-account-password">Your password</Label>
            <Input
              id="delete-account-password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'delete-account-error' : undefined}
            />
            {error && (
              <p id="delete-account-error" role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => close(false)}
              disabled={deletion.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" className={destructive} disabled={deletion.isPending || password === ''}>
              {deletion.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

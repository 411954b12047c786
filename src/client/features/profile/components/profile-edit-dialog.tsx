import { Loader2 } from 'lucide-react';
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import type { PublicUser } from '@shared/contract/users';
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH } from '@shared/domain/limits';
import { USERNAME_RULE_MESSAGE } from '@shared/domain/username';
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
import { Progress } from '@client/components/ui/progress';
import { Textarea } from '@client/components/ui/textarea';
import type { UploadProgress } from '@client/lib/upload-with-progress';
import { isUnauthorizedError } from '@client/lib/api-client';
import { toast } from '@client/lib/use-toast';
import { isUsernameTaken, updateFailedMessage, useUpdateProfile } from '../api/profile-edit';
import {
  firstProblem,
  initialProfileForm,
  profileFormReducer,
  profileSaveFields,
  usernameError,
} from '../lib/profile-form';
import { ImagePickerField } from './image-picker-field';
import { ProfileLinksEditor } from './profile-links-editor';

interface ProfileEditDialogProps {
  user: PublicUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Spec §2/§4 Profile edit: view → editing (this dialog) → saved (the toast, and every screen shows the change).
 * While the save runs the dialog stays open.
 */
export function ProfileEditDialog({ user, open, onOpenChange }: ProfileEditDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (next || !busy) && onOpenChange(next)}>
      <DialogContent
        hideClose={busy}
        onInteractOutside={(event) => event.preventDefault()}
        className="sm:max-w-xl"
      >
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>How people see you on your profile and next to your posts.</DialogDescription>
        </DialogHeader>
        {open && (
          <ProfileEditForm
            user={user}
            onBusyChange={setBusy}
            onDone={() => {
              setBusy(false);
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ProfileEditForm({
  user,
  onBusyChange,
  onDone,
}: {
  user: PublicUser;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const [state, dispatch] = useReducer(profileFormReducer, user, initialProfileForm);
  const [pictures, setPictures] = useState<{ profile: File | null; cover: File | null }>({
    profile: null,
    cover: null,
  });
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [problemShown, setProblemShown] = useState(0);
  // The toast sits outside the dialog, hidden from assistive technology while it is open: said here too.
  const [saveError, setSaveError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateProfile(user.id);
  const saving = update.isPending;
  const { values } = state;
  const nameError = usernameError(state);

  useEffect(() => {
    onBusyChange(saving);
  }, [saving, onBusyChange]);

  // After a refused save, the first field to mend gets the focus.
  useEffect(() => {
    if (problemShown) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problemShown]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    dispatch({ type: 'submit' });
    const problem = firstProblem(state);
    if (problem) {
      if (problem === 'username') {
        toast({ variant: 'destructive', title: 'Invalid Username', description: USERNAME_RULE_MESSAGE });
      }
      setProblemShown((count) => count + 1);
      return;
    }
    setProgress(null);
    setSaveError(null);
    update.mutate(
      {
        fields: profileSaveFields(values, user),
        profileImage: pictures.profile ? { blob: pictures.profile, name: pictures.profile.name } : undefined,
        coverImage: pictures.cover ? { blob: pictures.cover, name: pictures.cover.name } : undefined,
        onProgress: setProgress,
      },
      {
        onSuccess: () => {
          toast({ title: 'Profile Updated', description: 'Your profile has been saved.' });
          onDone();
        },
        onError: (error) => {
          const message = updateFailedMessage(error);
          setSaveError(message);
          if (isUsernameTaken(error)) {
            dispatch({ type: 'taken', username: values.username, message });
            setProblemShown((count) => count + 1);
          }
          // A lapsed session is the global handler's to explain (spec §8 "Unauthorized").
          if (!isUnauthorizedError(error)) {
            toast({ variant: 'destructive', title: 'Update Failed', description: message });
          }
        },
      },
    );
  };

  const sendingFiles = Boolean(pictures.profile || pictures.cover);
  const sent = progress && progress.total > 0 ? (progress.loaded / progress.total) * 100 : null;

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-5">
      <div className="space-y-2">
        <Label htmlFor="profile-username">Username</Label>
        <Input
          id="profile-username"
          value={values.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={60}
          disabled={saving}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'profile-username-error' : 'profile-username-hint'}
          onChange={(event) => dispatch({ type: 'set', field: 'username', value: event.target.value })}
        />
        {nameError ? (
          <p id="profile-username-error" className="text-xs font-medium text-destructive">
            {nameError}
          </p>
        ) : (
          <p id="profile-username-hint" className="text-xs text-muted-foreground">
            3-30 letters, numbers, dots, dashes or underscores.
          </p>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        {(['firstName', 'lastName'] as const).map((field) => (
          <div key={field} className="space-y-2">
            <Label htmlFor={`profile-${field}`}>{field === 'firstName' ? 'First name' : 'Last name'}</Label>
            <Input
              id={`profile-${field}`}
              value={values[field]}
              autoComplete={field === 'firstName' ? 'given-name' : 'family-name'}
              maxLength={NAME_MAX_LENGTH}
              disabled={saving}
              onChange={(event) => dispatch({ type: 'set', field, value: event.target.value })}
            />
          </div>
        ))}
      </div>

      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor="profile-bio">Bio</Label>
          <span id="profile-bio-count" className="text-xs tabular-nums text-muted-foreground">
            {values.bio.length}/{BIO_MAX_LENGTH}
          </span>
        </div>
        <Textarea
          id="profile-bio"
          value={values.bio}
          maxLength={BIO_MAX_LENGTH}
          rows={4}
          placeholder="A few words about you and what you talk about"
          disabled={saving}
          aria-describedby="profile-bio-count"
          onChange={(event) => dispatch({ type: 'set', field: 'bio', value: event.target.value })}
        />
      </div>

      <ProfileLinksEditor state={state} dispatch={dispatch} disabled={saving} />

      <ImagePickerField
        kind="profile"
        currentUrl={user.profileImageUrl}
        picked={pictures.profile}
        onPick={(profile) => setPictures((current) => ({ ...current, profile }))}
        disabled={saving}
      />
      <ImagePickerField
        kind="cover"
        currentUrl={user.backgroundImageUrl}
        picked={pictures.cover}
        onPick={(cover) => setPictures((current) => ({ ...current, cover }))}
        disabled={saving}
      />

      {saving && sendingFiles && (
        <Progress
          aria-label="Upload progress"
          value={sent === null || sent >= 100 ? null : sent}
          valueText={sent === null || sent >= 100 ? 'Saving' : `${Math.round(sent)} percent uploaded`}
        />
      )}

      {saveError && (
        <p
          role="alert"
          className="rounded-2xl bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive"
        >
          Update Failed: {saveError}
        </p>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" disabled={saving} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}

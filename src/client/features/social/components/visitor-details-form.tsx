import { useEffect, useId, useRef } from 'react';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { VISITOR_NAME_MAX_LENGTH } from '@shared/domain/social';
import type { VisitorIdentity } from '../lib/comments';

interface VisitorDetailsFormProps {
  identity: VisitorIdentity;
  onChange: (identity: VisitorIdentity) => void;
  /** Bumped on each Post press that stopped here: focus moves to the first blank field. */
  focusRequest: number;
  /** Say what blank fields need (after a press that stopped at the visible form). */
  showMissing: boolean;
  emailError: string | null;
  disabled?: boolean;
}

/**
 * Spec §5 visitor comments: "Tell us who you are", with a required name and an e-mail labelled optional. Only
 * the post's owner ever sees the e-mail.
 */
export function VisitorDetailsForm({
  identity,
  onChange,
  focusRequest,
  showMissing,
  emailError,
  disabled = false,
}: VisitorDetailsFormProps) {
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const nameError = showMissing && !identity.name.trim() ? 'Please tell us your name.' : null;
  // Spec §5 quirk: the check wants an e-mail too, although the field is labelled optional; say so plainly.
  const emailMessage =
    emailError ??
    (showMissing && identity.name.trim() && !identity.email.trim() ? 'Add your email to post.' : null);

  useEffect(() => {
    if (focusRequest === 0) return;
    const target = !nameRef.current?.value.trim() ? nameRef.current : emailRef.current;
    target?.focus();
  }, [focusRequest]);

  return (
    <fieldset
      aria-describedby={`${id}-note`}
      className="space-y-4 rounded-2xl border border-highlight/50 bg-highlight/10 p-4 sm:p-5"
      disabled={disabled}
    >
      <legend className="float-left mb-3 w-full text-base font-semibold tracking-tight">
        Tell us who you are
      </legend>
      <div className="clear-both grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-name`}>
            Name <span className="font-normal text-muted-foreground">(required)</span>
          </Label>
          <Input
            ref={nameRef}
            id={`${id}-name`}
            name="visitorName"
            autoComplete="name"
            required
            maxLength={VISITOR_NAME_MAX_LENGTH}
            placeholder="Your name"
            value={identity.name}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            onChange={(event) => onChange({ ...identity, name: event.target.value })}
          />
          {nameError && (
            <p id={`${id}-name-error`} className="text-sm font-medium text-destructive dark:text-red-400">
              {nameError}
            </p>
          )}
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-email`}>
            Email <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            ref={emailRef}
            id={`${id}-email`}
            name="visitorEmail"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            placeholder="Your email (optional, for replies)"
            value={identity.email}
            aria-invalid={emailMessage ? true : undefined}
            aria-describedby={emailMessage ? `${id}-email-error` : undefined}
            onChange={(event) => onChange({ ...identity, email: event.target.value })}
          />
          {emailMessage && (
            <p id={`${id}-email-error`} className="text-sm font-medium text-destructive dark:text-red-400">
              {emailMessage}
            </p>
          )}
        </div>
      </div>
      <p id={`${id}-note`} className="text-sm text-muted-foreground">
        Your email won't be shared publicly, only used to notify you of replies.
      </p>
    </fieldset>
  );
}

import { Plus, X } from 'lucide-react';
import { useRef, type Dispatch } from 'react';
import { PROFILE_LINKS_MAX } from '@shared/domain/limits';
import { LINK_TITLE_MAX_LENGTH } from '@shared/domain/profile';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { linkUrlError, type ProfileFormAction, type ProfileFormState } from '../lib/profile-form';

interface ProfileLinksEditorProps {
  state: ProfileFormState;
  dispatch: Dispatch<ProfileFormAction>;
  disabled: boolean;
}

/** Spec §2/§5: up to 5 title + url pairs; a pair missing either is dropped when saving. */
export function ProfileLinksEditor({ state, dispatch, disabled }: ProfileLinksEditorProps) {
  const { links } = state.values;
  const full = links.length >= PROFILE_LINKS_MAX;
  const addButton = useRef<HTMLButtonElement>(null);
  const remove = (id: number) => {
    dispatch({ type: 'removeLink', id });
    // The pressed button goes with its row: focus moves on to Add link rather than falling to the page.
    setTimeout(() => addButton.current?.focus());
  };
  return (
    <fieldset className="space-y-3" aria-describedby="profile-links-hint">
      <legend className="text-sm font-medium leading-none">Links</legend>
      <p id="profile-links-hint" className="text-xs text-muted-foreground">
        Up to {PROFILE_LINKS_MAX}. A link needs both a title and a web address, or it is left out.
      </p>
      {links.length > 0 && (
        <ol className="space-y-3">
          {links.map((link, index) => {
            const error = linkUrlError(state, link);
            const errorId = `profile-link-${link.id}-error`;
            return (
              <li key={link.id} className="flex items-start gap-2">
                <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-[2fr_3fr]">
                  <Input
                    aria-label={`Link ${index + 1} title`}
                    placeholder="Title"
                    value={link.title}
                    maxLength={LINK_TITLE_MAX_LENGTH}
                    disabled={disabled}
                    onChange={(event) =>
                      dispatch({ type: 'editLink', id: link.id, field: 'title', value: event.target.value })
                    }
                  />
                  <div className="min-w-0">
                    <Input
                      type="url"
                      inputMode="url"
                      aria-label={`Link ${index + 1} address`}
                      placeholder="https://example.com"
                      value={link.url}
                      disabled={disabled}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      onChange={(event) =>
                        dispatch({ type: 'editLink', id: link.id, field: 'url', value: event.target.value })
                      }
                      onBlur={() => dispatch({ type: 'touchLink', id: link.id })}
                    />
                    {error && (
                      <p id={errorId} className="mt-1.5 text-xs font-medium text-destructive">
                        {error}
                      </p>
                    )}
                  </div>
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-11 text-muted-foreground"
                  aria-label={`Remove link ${index + 1}`}
                  disabled={disabled}
                  onClick={() => remove(link.id)}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      <Button
        type="button"
        variant="outline"
        size="sm"
        ref={addButton}
        disabled={disabled || full}
        onClick={() => dispatch({ type: 'addLink' })}
      >
        <Plus aria-hidden="true" />
        Add link
      </Button>
      {full && <p className="text-xs text-muted-foreground">You have the most links a profile can have.</p>}
    </fieldset>
  );
}

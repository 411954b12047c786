import { Check, Search, X } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { PublicUser } from '@shared/contract/users';
import { displayName, handleOf } from '@shared/domain/display-name';
import { SEARCH_MIN_LENGTH } from '@shared/domain/limits';
import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import { Input } from '@client/components/ui/input';
import { cn } from '@client/lib/utils';
import { usePeopleSearch } from '../api/people-search';
import { toggleSelection } from '../lib/selection';

interface PeoplePickerProps {
  myId: string;
  mode: 'one' | 'many';
  selected: readonly PublicUser[];
  onChange: (selected: PublicUser[]) => void;
  /** People already in the conversation: listed, but not offered again. */
  memberIds?: readonly string[];
  autoFocus?: boolean;
}

/** Searches people by name or handle and picks one (a chat) or several (a group). */
export function PeoplePicker({
  myId,
  mode,
  selected,
  onChange,
  memberIds = [],
  autoFocus,
}: PeoplePickerProps) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const search = usePeopleSearch(deferred);
  const longEnough = deferred.trim().length >= SEARCH_MIN_LENGTH;
  const people = useMemo(
    () => (search.data?.pages.flatMap((page) => page.items) ?? []).filter((person) => person.id !== myId),
    [search.data, myId],
  );
  const isSelected = (person: PublicUser) => selected.some((item) => item.id === person.id);

  return (
    <div className="space-y-3">
      <label htmlFor={inputId} className="sr-only">
        Search people
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search people by name"
          autoComplete="off"
          autoFocus={autoFocus}
          className="pl-10"
        />
      </div>

      {mode === 'many' && selected.length > 0 && (
        <ul aria-label="Chosen people" className="flex flex-wrap gap-2">
          {selected.map((person) => (
            <li key={person.id}>
              <button
                type="button"
                onClick={() => onChange(toggleSelection(selected, person, mode))}
                aria-label={`Remove ${displayName(person)}`}
                className="flex cursor-pointer items-center gap-1.5 rounded-full bg-accent py-1 pr-2 pl-1 text-sm font-medium text-accent-foreground hover:bg-accent/80"
              >
                <Avatar
                  src={person.profileImageUrl}
                  name={displayName(person)}
                  className="size-6 text-[0.625rem]"
                />
                {displayName(person)}
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}

      <div className="max-h-72 min-h-40 overflow-y-auto rounded-2xl border bg-background/50">
        {!longEnough ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">
            Type at least {SEARCH_MIN_LENGTH} letters of a name.
          </p>
        ) : search.isPending ? (
          <p role="status" className="px-4 py-8 text-center text-sm text-muted-foreground">
            Searching…
          </p>
        ) : search.isError ? (
          <p role="alert" className="px-4 py-8 text-center text-sm text-destructive">
            We couldn’t search right now. Try again.
          </p>
        ) : people.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">
            No one matches “{deferred.trim()}”.
          </p>
        ) : (
          <ul aria-label="People found" className="divide-y">
            {people.map((person) => {
              const member = memberIds.includes(person.id);
              const chosen = member || isSelected(person);
              const name = displayName(person);
              return (
                <li key={person.id}>
                  <button
                    type="button"
                    aria-pressed={chosen}
                    disabled={member}
                    onClick={() => onChange(toggleSelection(selected, person, mode))}
                    className={cn(
                      'flex w-full cursor-pointer items-center gap-3 px-3 py-2.5 text-left transition-colors hover:bg-secondary/70',
                      chosen && 'bg-accent/60 hover:bg-accent/70',
                      member && 'cursor-default bg-transparent opacity-60 hover:bg-transparent',
                    )}
                  >
                    <Avatar src={person.profileImageUrl} name={name} framing={pictureFraming(person)} />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold">{name}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        @{handleOf(person)}
                        {member && ' · Already in the group'}
                      </span>
                    </span>
                    <span
                      aria-hidden="true"
                      className={cn(
                        'grid size-6 shrink-0 place-items-center rounded-full border-2',
                        chosen ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
                      )}
                    >
                      {chosen && <Check className="size-3.5" strokeWidth={3} />}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

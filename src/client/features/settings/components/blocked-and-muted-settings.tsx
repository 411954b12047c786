import { Ban, VolumeX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { PublicUser } from '@shared/contract/users';
import { displayName, handleOf } from '@shared/domain/display-name';
import { LoadError } from '@client/components/load-error';
import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useSafetyChange } from '@client/lib/safety';
import { useSafetyList, type SafetyListKind } from '../api/safety-lists';
import { SettingsSection } from './settings-section';

const LISTS: Record<
  SafetyListKind,
  { id: string; title: string; empty: string; undo: 'unblock' | 'unmute'; label: string; icon: ReactNode }
> = {
  blocked: {
    id: 'blocked-people',
    title: 'Blocked',
    empty: 'You haven’t blocked anyone.',
    undo: 'unblock',
    label: 'Unblock',
    icon: <Ban />,
  },
  muted: {
    id: 'muted-people',
    title: 'Muted',
    empty: 'You haven’t muted anyone.',
    undo: 'unmute',
    label: 'Unmute',
    icon: <VolumeX />,
  },
};

/** The people I block and the people I mute, each with a way to undo it; a person's profile menu adds them. */
export function BlockedAndMutedSettings() {
  return (
    <SettingsSection
      id="blocked-and-muted"
      title="Blocked and muted"
      description="People you block can’t follow you, comment on your posts or start a chat with you, and neither of you sees the other’s posts. People you mute stay out of your feed and notifications, and aren’t told. Block or mute someone from the menu on their profile."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <SafetyList kind="blocked" />
        <SafetyList kind="muted" />
      </div>
    </SettingsSection>
  );
}

function SafetyList({ kind }: { kind: SafetyListKind }) {
  const text = LISTS[kind];
  const list = useSafetyList(kind);
  const people = list.data?.pages.flatMap((page) => page.items) ?? [];
  const headingId = `${text.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-3">
      <h3 id={headingId} className="text-sm font-semibold text-muted-foreground">
        {text.title}
      </h3>
      {list.isPending ? (
        <div role="status" aria-label={`Loading ${text.title.toLowerCase()} people`} className="space-y-2">
          {Array.from({ length: 2 }, (_, index) => (
            <div key={index} className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-full" />
              <Skeleton className="h-3.5 w-2/5 rounded-full" />
            </div>
          ))}
        </div>
      ) : list.isError ? (
        <LoadError
          message="We couldn’t load this list."
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
          framed={false}
        />
      ) : people.length === 0 ? (
        <div className="flex items-center gap-3 rounded-2xl border border-dashed px-4 py-5 text-sm text-muted-foreground">
          <span aria-hidden="true" className="[&_svg]:size-5">
            {text.icon}
          </span>
          {text.empty}
        </div>
      ) : (
        <>
          <ul aria-labelledby={headingId} className="space-y-1">
            {people.map((person) => (
              <PersonRow key={person.id} person={person} kind={kind} />
            ))}
          </ul>
          {list.hasNextPage && (
            <Button
              variant="outline"
              size="sm"
              aria-disabled={list.isFetchingNextPage || undefined}
              onClick={() => {
                if (!list.isFetchingNextPage) void list.fetchNextPage();
              }}
            >
              {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function PersonRow({ person, kind }: { person: PublicUser; kind: SafetyListKind }) {
  const { undo, label } = LISTS[kind];
  const change = useSafetyChange();
  const name = displayName(person);
  const handle = handleOf(person);
  return (
    <li className="flex items-center gap-2 rounded-2xl pr-1 transition-colors hover:bg-secondary/70">
      <Link href={`/profile/${person.id}`} className="flex min-w-0 flex-1 items-center gap-3 rounded-2xl p-2">
        <Avatar
          src={person.profileImageUrl}
          name={name}
          framing={pictureFraming(person)}
          className="size-10"
        />
        <span className="min-w-0">
          <span className="block truncate font-medium">{name}</span>
          {handle && <span className="block truncate text-sm text-muted-foreground">@{handle}</span>}
        </span>
      </Link>
      <Button
        variant="outline"
        size="sm"
        aria-label={`${label} ${name}`}
        disabled={change.isPending}
        onClick={() => change.mutate({ change: undo, userId: person.id, name })}
      >
        {label}
      </Button>
    </li>
  );
}

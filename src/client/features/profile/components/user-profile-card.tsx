import { useQuery } from '@tanstack/react-query';
import { AudioLines } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { displayName, handleOf } from '@shared/domain/display-name';
import { Button } from '@client/components/ui/button';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '@client/components/ui/popover';
import { Skeleton } from '@client/components/ui/skeleton';
import { profileUserQueryOptions } from '../api/user';
import { useVoiceBio } from '../api/voice-bio';
import { playableVoiceBio } from '../lib/voice-bio';
import { ProfileAvatar } from './profile-avatar';
import type { UserProfilePopupProps } from './user-profile-popup';

/** The popup, loaded when a name is first pressed: it opens as it mounts. */
export function UserProfileCard({
  person,
  className,
  renderFollow,
  renderVoiceBioPlayer,
}: UserProfilePopupProps) {
  const [open, setOpen] = useState(true);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger className={className}>{displayName(person)}</PopoverTrigger>
      {open && (
        <PopupCard person={person} renderFollow={renderFollow} renderVoiceBioPlayer={renderVoiceBioPlayer} />
      )}
    </Popover>
  );
}

function PopupCard({ person, renderFollow, renderVoiceBioPlayer }: Omit<UserProfilePopupProps, 'className'>) {
  const headingId = useId();
  const profile = useQuery({ ...profileUserQueryOptions(person.id), placeholderData: person });
  const user = profile.data ?? person;
  const name = displayName(user);
  const handle = handleOf(user);
  const hasVoiceBio = Boolean(user.voiceBioUrl);
  const voiceBio = useVoiceBio(user.id, hasVoiceBio);

  return (
    <PopoverContent
      aria-labelledby={headingId}
      onOpenAutoFocus={(event) => {
        // The card itself takes focus, so a screen reader reads it from the name; Tab goes on to its buttons.
        event.preventDefault();
        (event.currentTarget as HTMLElement).focus();
      }}
      tabIndex={-1}
      // Clear of the phone's top bar and bottom tab bar, which stay over the page; scrolls where it cannot fit.
      collisionPadding={{ top: 72, bottom: 80, left: 12, right: 12 }}
      className="max-h-(--radix-popover-content-available-height) space-y-3.5 overflow-y-auto p-4 sm:p-5"
    >
      <div className="flex items-center gap-4">
        <ProfileAvatar user={user} name={name} className="size-16 [&>span]:text-xl" />
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-lg font-bold leading-tight tracking-tight">
            {name}
          </h2>
          {handle && <p className="mt-0.5 truncate text-sm text-muted-foreground">@{handle}</p>}
        </div>
      </div>

      {user.bio && <p className="line-clamp-4 whitespace-pre-line text-sm text-pretty">{user.bio}</p>}

      {hasVoiceBio && (
        <section aria-label="Voice bio" className="rounded-2xl border bg-background/60 p-3">
          <p
            aria-hidden="true"
            className="mb-2 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
          >
            <AudioLines className="size-4 text-primary" />
            Voice bio
          </p>
          {voiceBio.data?.voiceBioUrl ? (
            renderVoiceBioPlayer(playableVoiceBio(voiceBio.data, user, name))
          ) : voiceBio.isError ? (
            <p className="text-sm text-muted-foreground">The voice bio could not be loaded.</p>
          ) : (
            <Skeleton className="h-11 w-full rounded-full" />
          )}
        </section>
      )}

      <div className="flex flex-wrap items-center gap-2">
        {renderFollow(user)}
        <PopoverClose asChild>
          <Button asChild variant="outline" size="sm">
            <Link href={`/profile/${user.id}`}>View Profile</Link>
          </Button>
        </PopoverClose>
      </div>
    </PopoverContent>
  );
}

import { UsersRound } from 'lucide-react';
import { LoadError } from '@client/components/load-error';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { PublicUser } from '@shared/contract/users';
import { displayName, handleOf } from '@shared/domain/display-name';
import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFollowPeople, type FollowSide } from '../api/follows';

interface FollowPeopleDialogProps {
  userId: string;
  /** The profile's owner, as shown ("People who follow Ada Author"); null on one's own profile. */
  ownerName: string | null;
  side: FollowSide;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Follow button of each person (hidden for oneself), composed by the page. */
  renderFollow?: (person: PublicUser) => ReactNode;
}

const TEXT: Record<
  FollowSide,
  { title: string; description: (name: string | null) => string; empty: string }
> = {
  followers: {
    title: 'Followers',
    description: (name) => (name ? `People who follow ${name}.` : 'People who follow you.'),
    empty: 'No followers yet',
  },
  following: {
    title: 'Following',
    description: (name) => (name ? `People ${name} follows.` : 'People you follow.'),
    empty: 'Not following anyone yet',
  },
};

/**
 * Spec §2 Followers and Following dialogs: people with links to their profiles and a Follow button for people
 * other than oneself; "No followers yet" / "Not following anyone yet" when empty. A page at a time.
 */
export function FollowPeopleDialog({
  userId,
  ownerName,
  side,
  open,
  onOpenChange,
  renderFollow,
}: FollowPeopleDialogProps) {
  const text = TEXT[side];
  const people = useFollowPeople(userId, side, open);
  const list = people.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description(ownerName)}</DialogDescription>
        </DialogHeader>

        {people.isPending ? (
          <div role="status" aria-label={`Loading ${text.title.toLowerCase()}`} className="space-y-2">
            {Array.from({ length: 3 }, (_, index) => (
              <div key={index} className="flex items-center gap-3 p-2">
                <Skeleton className="size-11 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-3.5 w-2/5 rounded-full" />
                  <Skeleton className="h-3 w-1/4 rounded-full" />
                </div>
              </div>
            ))}
          </div>
        ) : people.isError ? (
          <LoadError
            message="We couldn’t load the list."
            onRetry={() => void people.refetch()}
            retrying={people.isFetching}
            framed={false}
          />
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center py-6 text-center">
            <span
              aria-hidden="true"
              className="grid size-12 place-items-center rounded-2xl bg-accent text-accent-foreground"
            >
              <UsersRound className="size-6" />
            </span>
            <p className="mt-3 font-semibold">{text.empty}</p>
          </div>
        ) : (
          <div className="space-y-3">
            <ul aria-label={text.title} className="-mx-2 space-y-1">
              {list.map((person) => (
                <PersonRow
                  key={person.id}
                  person={person}
                  onOpen={() => onOpenChange(false)}
                  follow={renderFollow?.(person)}
                />
              ))}
            </ul>
            {people.hasNextPage && (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  size="sm"
                  aria-disabled={people.isFetchingNextPage || undefined}
                  onClick={() => {
                    if (!people.isFetchingNextPage) void people.fetchNextPage();
                  }}
                >
                  {people.isFetchingNextPage ? 'Loading...' : 'Show more'}
                </Button>
              </div>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PersonRow({
  person,
  onOpen,
  follow,
}: {
  person: PublicUser;
  onOpen: () => void;
  follow: ReactNode;
}) {
  const name = displayName(person);
  const handle = handleOf(person);
  return (
    <li className="flex items-center gap-2 rounded-2xl pr-2 transition-colors hover:bg-secondary/70">
      <Link
        href={`/profile/${person.id}`}
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-2xl p-2"
      >
        <Avatar
          src={person.profileImageUrl}
          name={name}
          framing={pictureFraming(person)}
          className="size-11"
        />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold">{name}</span>
          {handle && <span className="block truncate text-xs text-muted-foreground">@{handle}</span>}
        </span>
      </Link>
      {follow}
    </li>
  );
}

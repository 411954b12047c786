import * as DialogPrimitive from '@radix-ui/react-dialog';
import { CalendarDays, Mic, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { PublicUser } from '@shared/contract/users';
import { displayName, handleOf } from '@shared/domain/display-name';
import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@client/components/ui/dialog';
import { coverGradient } from '@client/lib/cover';
import { cn } from '@client/lib/utils';
import { joinedLabel, topicTags } from '../lib/user-card';

interface UserCardDialogProps {
  /** The person shown; null closes the card. */
  user: PublicUser | null;
  onClose: () => void;
  /** The Follow/Following toggle, composed by the page (features do not import each other). */
  renderFollow: (user: PublicUser) => ReactNode;
}

/**
 * Spec §2 user card: banner, avatar, name, bio, post count, joined date, up to 3 topic tags from the bio, then
 * "View Profile" and Follow.
 */
export function UserCardDialog({ user, onClose, renderFollow }: UserCardDialogProps) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user && <UserCard user={user} renderFollow={renderFollow} />}
    </Dialog>
  );
}

function UserCard({
  user,
  renderFollow,
}: {
  user: PublicUser;
  renderFollow: UserCardDialogProps['renderFollow'];
}) {
  const name = displayName(user);
  const handle = handleOf(user);
  return (
    <DialogContent hideClose className="gap-0 overflow-hidden p-0 sm:max-w-md">
      <div
        data-testid="user-card-banner"
        className={cn('relative h-28 bg-linear-to-br sm:h-32', coverGradient(user.id))}
      >
        {user.backgroundImageUrl && (
          <img src={user.backgroundImageUrl} alt="" className="absolute inset-0 size-full object-cover" />
        )}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute right-3 top-3 inline-flex size-9 cursor-pointer items-center justify-center rounded-full bg-black/45 text-white backdrop-blur-sm transition-colors hover:bg-black/60 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-white/60"
        >
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </div>

      <div className="space-y-4 px-6 pb-[max(1.5rem,env(safe-area-inset-bottom))] sm:pb-6">
        <Avatar
          src={user.profileImageUrl}
          name={name}
          framing={pictureFraming(user)}
          className="-mt-10 size-20 border-4 border-card text-2xl font-bold shadow-soft"
        />
        <div className="min-w-0">
          <DialogTitle className="truncate text-2xl font-bold">{name}</DialogTitle>
          {handle && <p className="truncate text-sm text-muted-foreground">@{handle}</p>}
        </div>

        <DialogDescription className="whitespace-pre-line text-pretty text-foreground/90">
          {user.bio?.trim() || 'No bio yet.'}
        </DialogDescription>

        <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
          <p className="flex items-center gap-1.5">
            <Mic aria-hidden="true" className="size-4" />
            <span>
              <span className="font-semibold text-foreground">{user.postCount}</span>{' '}
              {user.postCount === 1 ? 'post' : 'posts'}
            </span>
          </p>
          <p className="flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            {joinedLabel(user.createdAt)}
          </p>
        </div>

        <ul aria-label="Topics" className="flex flex-wrap gap-1.5">
          {topicTags(user.bio).map((tag) => (
            <li key={tag}>
              <Badge>{tag}</Badge>
            </li>
          ))}
        </ul>

        <div className="flex flex-wrap gap-2 pt-1 [&>*]:flex-1">
          {renderFollow(user)}
          <Button asChild variant="outline">
            <Link href={`/profile/${user.id}`}>View Profile</Link>
          </Button>
        </div>
      </div>
    </DialogContent>
  );
}

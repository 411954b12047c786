import { ChevronRight } from 'lucide-react';
import type { PublicUser } from '@shared/contract/users';
import { displayName, handleOf } from '@shared/domain/display-name';
import { Avatar, pictureFraming } from '@client/components/ui/avatar';

/** A person in a list: opens their user card. */
export function UserRow({ user, onOpen }: { user: PublicUser; onOpen: (user: PublicUser) => void }) {
  const name = displayName(user);
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={() => onOpen(user)}
      className="group flex w-full min-w-0 cursor-pointer items-center gap-3 rounded-2xl border bg-card p-3 text-left shadow-soft transition-shadow hover:shadow-lifted focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring/30"
    >
      <Avatar src={user.profileImageUrl} name={name} framing={pictureFraming(user)} className="size-11" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold">{name}</span>
        <span className="block truncate text-xs text-muted-foreground">
          @{handleOf(user)} · {user.postCount} {user.postCount === 1 ? 'voice post' : 'voice posts'}
        </span>
      </span>
      <ChevronRight
        aria-hidden="true"
        className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none"
      />
    </button>
  );
}

import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { PublicUser } from '@shared/contract/users';
import { displayName } from '@shared/domain/display-name';
import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import { HomeSection } from './home-section';

/** Spec §2 "Discover New Voices": up to 3 people, shown only when there are some. */
export function DiscoverVoicesSection({
  users,
  renderFollow,
}: {
  users: readonly PublicUser[];
  /** The follow button, composed by the page (features do not import each other). */
  renderFollow?: (user: PublicUser) => ReactNode;
}) {
  if (users.length === 0) return null;
  return (
    <HomeSection id="discover-voices" title="Discover New Voices">
      {/* A container query: in the narrow Home sidebar the follow button goes under the name, not beside it. */}
      <ul className="@container space-y-2">
        {users.map((user) => {
          const name = displayName(user);
          return (
            <li
              key={user.id}
              className="flex flex-col rounded-2xl border bg-card shadow-soft transition-shadow hover:shadow-lifted @xs:flex-row @xs:items-center @xs:gap-2 @xs:pr-3"
            >
              <Link
                href={`/profile/${user.id}`}
                className="group flex min-w-0 flex-1 items-center gap-3 rounded-2xl p-3"
              >
                <Avatar
                  src={user.profileImageUrl}
                  name={name}
                  framing={pictureFraming(user)}
                  className="size-11"
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">{name}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    @{user.username} · {user.postCount} {user.postCount === 1 ? 'voice post' : 'voice posts'}
                  </span>
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                />
              </Link>
              {renderFollow && <div className="flex justify-end px-3 pb-3 @xs:p-0">{renderFollow(user)}</div>}
            </li>
          );
        })}
      </ul>
    </HomeSection>
  );
}

import { Users } from 'lucide-react';
import type { PublicUser } from '@shared/contract/users';
import { LoadError } from '@client/components/load-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { useActiveUsers } from '../api/discover';
import { DiscoverSection } from './discover-section';
import { UserRow } from './user-row';

/** Spec §2 "Active Users": up to 5 real people, most recently active first; each opens their user card. */
export function ActiveUsers({ onOpenUser }: { onOpenUser: (user: PublicUser) => void }) {
  const users = useActiveUsers();
  return (
    <DiscoverSection id="discover-active-users" title="Active Users" icon={Users}>
      {users.isPending ? (
        <div role="status" aria-label="Loading active users" className="space-y-2">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-17 rounded-2xl" />
          ))}
        </div>
      ) : users.isError ? (
        <LoadError
          message="Active users couldn’t be loaded."
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : users.data.length === 0 ? (
        <p className="rounded-3xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          Nobody else has been active yet.
        </p>
      ) : (
        <ul className="space-y-2">
          {users.data.map((user) => (
            <li key={user.id}>
              <UserRow user={user} onOpen={onOpenUser} />
            </li>
          ))}
        </ul>
      )}
    </DiscoverSection>
  );
}

import type { PublicUser } from '@shared/contract/users';
import { useUserSearch } from '../api/search';
import { SearchResults } from './search-results';
import { UserRow } from './user-row';

/** Found people; each opens their user card. */
export function UserResults({
  query,
  onOpenUser,
}: {
  query: string;
  onOpenUser: (user: PublicUser) => void;
}) {
  const result = useUserSearch(query);
  return (
    <SearchResults query={query} noun="user" result={result}>
      {(users) => (
        <ul aria-label="Users found" className="grid gap-2 sm:grid-cols-2">
          {users.map((user) => (
            <li key={user.id} className="min-w-0">
              <UserRow user={user} onOpen={onOpenUser} />
            </li>
          ))}
        </ul>
      )}
    </SearchResults>
  );
}

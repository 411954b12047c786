import { Search } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';
import { SEARCH_MIN_LENGTH } from '@shared/domain/limits';
import { Input } from '@client/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import type { DiscoverSearch, SearchMode } from '../hooks/use-discover-search';
import { PostResults } from './post-results';
import { UserResults } from './user-results';

interface SearchPanelProps {
  search: DiscoverSearch;
  renderPost: (post: Post) => ReactNode;
  onOpenUser: (user: PublicUser) => void;
}

const MODES: ReadonlyArray<{ value: SearchMode; label: string }> = [
  { value: 'posts', label: 'Posts' },
  { value: 'users', label: 'Users' },
];

/**
 * Spec §2 Discover search: results from 3 characters, for posts or users as the toggle says. Enter searches at
 * once; otherwise the results follow the typing when it pauses.
 */
export function SearchPanel({ search, renderPost, onOpenUser }: SearchPanelProps) {
  const inputId = useId();
  const hintId = useId();
  const typed = search.text.trim();
  const hint =
    typed.length === 0
      ? 'Search by title, transcript or category, or find people by name (or as @user@host on another server).'
      : typed.length < SEARCH_MIN_LENGTH
        ? `Type at least ${SEARCH_MIN_LENGTH} characters to search.`
        : null;

  return (
    <div className="space-y-4 rounded-3xl border bg-card p-4 shadow-soft sm:p-5">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search.fill(search.text);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Search {search.mode === 'posts' ? 'posts' : 'users'}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={inputId}
            type="search"
            value={search.text}
            onChange={(event) => search.change(event.target.value)}
            placeholder={search.mode === 'posts' ? 'Search voice posts…' : 'Search people…'}
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby={hint ? hintId : undefined}
            className="h-12 bg-background pl-12"
          />
        </div>
      </form>

      <Tabs value={search.mode} onValueChange={(value) => search.setMode(value as SearchMode)}>
        <TabsList aria-label="What to search" className="max-w-xs">
          {MODES.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {MODES.map(({ value }) => (
          <TabsContent key={value} value={value} className="mt-4">
            {search.activeQuery === null ? (
              <p id={hintId} className="text-sm text-muted-foreground">
                {hint ?? `Searching for “${typed}”…`}
              </p>
            ) : value === 'posts' ? (
              <PostResults query={search.activeQuery} renderPost={renderPost} />
            ) : (
              <UserResults query={search.activeQuery} onOpenUser={onOpenUser} />
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

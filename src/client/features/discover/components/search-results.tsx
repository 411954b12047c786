import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { LoaderCircle, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@client/components/empty-state';
import { LoadError } from '@client/components/load-error';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import type { KeysetPage } from '@client/lib/keyset-page';

interface SearchResultsProps<T> {
  query: string;
  /** "post" or "user": what the status and the empty state call a result. */
  noun: string;
  result: UseInfiniteQueryResult<InfiniteData<KeysetPage<T>>>;
  children: (items: T[]) => ReactNode;
}

/**
 * A search's answer: loading, failed, nothing found, or the results with "Load more" while there are more. The
 * previous query's results stay on screen until the new ones arrive (no flicker); the status line says what is
 * happening, and screen readers hear it.
 */
export function SearchResults<T>({ query, noun, result, children }: SearchResultsProps<T>) {
  const items = result.data?.pages.flatMap((page) => page.items) ?? [];
  const searching = result.isFetching && !result.isFetchingNextPage;
  const plural = `${noun}s`;

  if (result.isPending) {
    return (
      <div role="status" aria-label={`Searching ${plural}`} className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="aspect-square rounded-3xl" />
        ))}
      </div>
    );
  }
  if (result.isError && items.length === 0) {
    return (
      <LoadError
        message="The search didn’t go through."
        onRetry={() => void result.refetch()}
        retrying={result.isFetching}
      />
    );
  }

  return (
    <div aria-busy={searching || undefined} className="space-y-4">
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        {searching ? (
          <>
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            Searching for “{query}”…
          </>
        ) : items.length > 0 ? (
          `${items.length}${result.hasNextPage ? '+' : ''} ${items.length === 1 ? noun : plural} for “${query}”`
        ) : null}
      </p>
      {items.length === 0
        ? !searching && (
            <EmptyState
              icon={SearchX}
              headingLevel={3}
              dashed
              title={`No ${plural} found`}
              description={`Nothing matches “${query}” yet. Try another word.`}
            />
          )
        : children(items)}
      {result.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="outline"
            aria-busy={result.isFetchingNextPage || undefined}
            aria-disabled={result.isFetchingNextPage || undefined}
            onClick={() => {
              if (!result.isFetchingNextPage) void result.fetchNextPage();
            }}
            className="aria-disabled:cursor-wait"
          >
            {result.isFetchingNextPage && (
              <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
            )}
            {result.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}

import { Button } from '@client/components/ui/button';

interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The next page of a profile list, while there is one. */
export function ShowMoreButton({ list, label }: { list: PagedList; label: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="outline"
        aria-disabled={list.isFetchingNextPage || undefined}
        onClick={() => {
          if (!list.isFetchingNextPage) void list.fetchNextPage();
        }}
      >
        {list.isFetchingNextPage ? 'Loading...' : label}
      </Button>
    </div>
  );
}

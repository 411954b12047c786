import { Skeleton } from '@client/components/ui/skeleton';

/** Spec §2: while the feed loads, a skeleton of 3 cards. */
export function HomeSkeleton() {
  return (
    <div role="status" aria-label="Loading posts" className="space-y-8">
      <div className="flex gap-4 overflow-hidden">
        {Array.from({ length: 5 }, (_, index) => (
          <div key={index} className="flex shrink-0 flex-col items-center gap-2">
            <Skeleton className="size-[4.25rem] rounded-full" />
            <Skeleton className="h-3 w-12 rounded-full" />
          </div>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-x-3 gap-y-6 sm:gap-x-5">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} data-testid="post-skeleton" className="space-y-2.5">
            <Skeleton className="aspect-square w-full rounded-3xl" />
            <Skeleton className="h-4 w-4/5 rounded-full" />
            <Skeleton className="h-3 w-1/2 rounded-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

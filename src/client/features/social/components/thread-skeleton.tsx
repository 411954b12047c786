import { Skeleton } from '@client/components/ui/skeleton';

export function ThreadSkeleton() {
  return (
    <div role="status" aria-label="Loading replies" className="space-y-5 py-1">
      {[0, 1].map((row) => (
        <div key={row} className="flex gap-3">
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-32 rounded-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

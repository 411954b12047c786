import { Skeleton } from '@client/components/ui/skeleton';

export function NotificationsSkeleton() {
  return (
    <div role="status" aria-label="Loading notifications" className="space-y-1.5">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex items-center gap-4 px-4 py-3">
          <Skeleton className="size-11 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-3/5 rounded-full" />
            <Skeleton className="h-3 w-16 rounded-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

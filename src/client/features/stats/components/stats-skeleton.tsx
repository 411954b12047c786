import { Skeleton } from '@client/components/ui/skeleton';

/** While the figures load: the cards', the chart's and the categories' shapes. */
export function StatsSkeleton() {
  return (
    <div role="status" aria-label="Loading the stats" className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-28 rounded-3xl sm:h-32" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-72 rounded-3xl lg:col-span-2" />
        <Skeleton className="h-72 rounded-3xl" />
      </div>
    </div>
  );
}

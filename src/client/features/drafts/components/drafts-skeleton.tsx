import { Skeleton } from '@client/components/ui/skeleton';

/** The shape of three draft cards while the list loads. */
export function DraftsSkeleton() {
  return (
    <div role="status" aria-label="Loading your drafts" className="space-y-4">
      {[0, 1, 2].map((card) => (
        <div key={card} className="rounded-3xl border bg-card p-4 shadow-soft sm:p-5">
          <div className="flex items-start gap-3 sm:gap-4">
            <Skeleton className="hidden size-11 shrink-0 min-[400px]:block" />
            <div className="flex-1 space-y-2.5 pt-1">
              <Skeleton className="h-4 w-1/2 rounded-full" />
              <div className="flex gap-3">
                <Skeleton className="h-3 w-28 rounded-full" />
                <Skeleton className="h-3 w-10 rounded-full" />
                <Skeleton className="h-3 w-16 rounded-full" />
              </div>
            </div>
          </div>
          <div className="mt-5 flex items-center gap-3">
            <Skeleton className="size-11 shrink-0 rounded-full" />
            <Skeleton className="h-10 flex-1" />
          </div>
          <div className="mt-4 flex justify-end gap-2 border-t pt-4">
            <Skeleton className="h-9 w-20 rounded-full" />
            <Skeleton className="h-9 w-24 rounded-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

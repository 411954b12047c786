import { UserRoundX } from 'lucide-react';
import { Link } from 'wouter';
import { RetryButton } from '@client/components/retry-button';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { ProfilePostsSkeleton } from './profile-posts';

/** While the profile loads: the header's shape, then the posts grid's. */
export function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading the profile" className="space-y-8">
      <div className="overflow-hidden rounded-3xl border bg-card shadow-soft">
        <Skeleton className="h-32 rounded-none sm:h-44" />
        <div className="px-5 pb-6 sm:px-8 sm:pb-8">
          <Skeleton className="-mt-12 size-24 rounded-full border-4 border-card sm:-mt-16 sm:size-32" />
          <Skeleton className="mt-4 h-7 w-48 rounded-full" />
          <Skeleton className="mt-2 h-4 w-28 rounded-full" />
          <Skeleton className="mt-5 h-16 w-full" />
        </div>
      </div>
      <ProfilePostsSkeleton />
    </div>
  );
}

/** No user has this id (404). */
export function ProfileNotFound() {
  return (
    <Card className="px-6 py-14 text-center">
      <span
        aria-hidden="true"
        className="mx-auto grid size-14 place-items-center rounded-2xl bg-accent text-accent-foreground"
      >
        <UserRoundX className="size-7" />
      </span>
      <h1 className="mt-5 text-xl font-semibold tracking-tight">Profile not found</h1>
      <p className="mt-2 text-muted-foreground text-pretty">
        No one has this profile. The link may be wrong, or the account is gone.
      </p>
      <Button asChild variant="outline" className="mt-6">
        <Link href="/">Back to Home</Link>
      </Button>
    </Card>
  );
}

/** Any other failure: what went wrong, and another try. */
export function ProfileLoadError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Card role="alert" className="px-6 py-14 text-center">
      <h1 className="text-xl font-semibold tracking-tight">{`We couldn’t load this profile`}</h1>
      <p className="mt-2 text-muted-foreground text-pretty">{message}</p>
      <RetryButton className="mt-6" onRetry={onRetry} retrying={retrying} />
    </Card>
  );
}

import { WifiOff } from 'lucide-react';
import { RetryButton } from '@client/components/retry-button';

export function FeedError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-3xl border bg-card px-6 py-10 text-center shadow-soft"
    >
      <span
        aria-hidden="true"
        className="grid size-12 place-items-center rounded-2xl bg-destructive/10 text-destructive"
      >
        <WifiOff className="size-6" />
      </span>
      <p className="mt-4 font-semibold">We couldn’t load the latest voices.</p>
      <p className="mt-1 text-sm text-muted-foreground">Check your connection, then try again.</p>
      <RetryButton className="mt-5" onRetry={onRetry} retrying={retrying} />
    </div>
  );
}

import { RetryButton } from '@client/components/retry-button';
import { cn } from '@client/lib/utils';

interface LoadErrorProps {
  message: string;
  onRetry: () => void;
  retrying: boolean;
  /** A card of its own on a page; plain inside a dialog or another card. */
  framed?: boolean;
}

/** A list that failed to load: what failed, and "Try again", which spins while it retries. */
export function LoadError({ message, onRetry, retrying, framed = true }: LoadErrorProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-wrap items-center justify-between gap-3',
        framed ? 'rounded-3xl border bg-card px-5 py-4 shadow-soft' : 'py-2',
      )}
    >
      <p className="text-sm text-muted-foreground">{message}</p>
      <RetryButton size="sm" onRetry={onRetry} retrying={retrying} />
    </div>
  );
}

import { RefreshCw } from 'lucide-react';
import { Button, type ButtonProps } from '@client/components/ui/button';

interface RetryButtonProps {
  onRetry: () => void;
  retrying: boolean;
  size?: ButtonProps['size'];
  className?: string;
}

/** "Try again" after a failed load; its icon spins while the retry is under way. */
export function RetryButton({ onRetry, retrying, size, className }: RetryButtonProps) {
  return (
    <Button variant="outline" size={size} className={className} onClick={onRetry} disabled={retrying}>
      <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
      Try again
    </Button>
  );
}

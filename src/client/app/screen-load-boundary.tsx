import { RotateCw, WifiOff } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { EmptyState } from '@client/components/empty-state';
import { Button } from '@client/components/ui/button';
import { retryFailedScreens } from '@client/lib/retrying-lazy';

/** What browsers throw when a screen's code cannot be fetched (Chromium, Firefox, Safari; Vite's CSS preload). */
const SCREEN_LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isScreenLoadFailure(error: unknown): boolean {
  return error instanceof Error && SCREEN_LOAD_FAILURE.test(error.message);
}

interface State {
  /** What stopped the screen, or null while it shows. */
  error: { cause: unknown } | null;
}

/**
 * A screen whose code did not arrive (offline without the service worker's copy, or a deploy that removed it):
 * the app says so and carries on instead of "Something went wrong". It tries again by itself when the connection
 * comes back. Other errors go on to the root boundary.
 */
export class ScreenLoadBoundary extends Component<
  {
    children: ReactNode;
    /** For a part the page can do without for a while (the toaster): nothing is shown in its place. */
    quiet?: boolean;
  },
  State
> {
  override state: State = { error: null };

  static getDerivedStateFromError(cause: unknown): State {
    return { error: { cause } };
  }

  override componentDidMount(): void {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
  }

  private retry = () => {
    if (!this.state.error) return;
    retryFailedScreens();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!isScreenLoadFailure(error.cause)) throw error.cause;
    if (this.props.quiet) return null;
    const offline = !navigator.onLine;
    return (
      <EmptyState
        icon={WifiOff}
        title={offline ? 'This screen needs a connection' : 'This screen did not load'}
        description={
          offline
            ? 'It opens as soon as you’re back online. Your saved recordings are safe.'
            : 'Earshot may have been updated since this page opened. Reload to carry on.'
        }
        action={
          <Button onClick={() => window.location.reload()}>
            <RotateCw aria-hidden="true" />
            Reload
          </Button>
        }
      />
    );
  }
}

import { WifiOff } from 'lucide-react';
import { useOnline } from '@client/lib/use-online';

/** Offline, the app still opens (the service worker keeps its shell); this says why nothing new loads. */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className="empty:hidden">
      {!online && (
        <div className="flex items-center justify-center gap-2 bg-foreground px-4 py-2 text-center text-sm text-background">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <p>
            <strong className="font-semibold">You’re offline.</strong> Posts, comments and messages load again
            once you’re back online.
          </p>
        </div>
      )}
    </div>
  );
}

import { WifiOff } from 'lucide-react';
import { useOnline } from '@client/lib/use-online';

/**
 * Offline, the app still opens (the service worker keeps its shell); this says why nothing new loads. It floats
 * at the bottom, above the phone's tab bar, so no layout's fixed navigation covers it or needs to make room.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className="empty:hidden">
      {!online && (
        <div className="fixed inset-x-0 bottom-[calc(env(safe-area-inset-bottom)+5rem)] z-40 flex justify-center px-4 lg:bottom-6">
          <p className="flex max-w-md items-center gap-2.5 rounded-2xl bg-foreground px-4 py-2.5 text-sm text-background shadow-lifted">
            <WifiOff aria-hidden="true" className="size-4 shrink-0" />
            <span>
              <strong className="font-semibold">You’re offline.</strong> New posts, comments and messages load
              once you’re back online.
            </span>
          </p>
        </div>
      )}
    </div>
  );
}

import { Suspense, useEffect, useState } from 'react';
import { retryingLazy } from '@client/lib/retrying-lazy';
import { useToast } from '@client/lib/use-toast';
import { ScreenLoadBoundary } from './screen-load-boundary';

const loadToaster = () => import('@client/components/ui/toaster').then((module) => module.Toaster);
const Toaster = retryingLazy(loadToaster);

/** The toaster's code is fetched this long after the app starts, so the first toast finds it loaded, offline too. */
const PRELOAD_AFTER_MS = 2000;

/**
 * The toaster, with its code (Radix Toast) kept out of the first screen's: fetched soon after the app starts and
 * mounted at the first toast, then kept (F8 then finds the toasts, spec §9). Offline on a first visit, before the
 * service worker keeps the build, its code may not arrive: the page carries on without toasts, and the ones still
 * open show once the connection is back.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  useEffect(() => {
    const preload = setTimeout(() => void loadToaster().catch(() => undefined), PRELOAD_AFTER_MS);
    return () => clearTimeout(preload);
  }, []);
  if (!needed) return null;
  return (
    <ScreenLoadBoundary quiet>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ScreenLoadBoundary>
  );
}

import { WifiOff } from 'lucide-react';
import { BrandLogo } from '@client/components/brand-logo';
import { EmptyState } from '@client/components/empty-state';
import { MAIN_CONTENT_ID, SkipLink } from '@client/components/skip-link';
import { ThemeToggle } from '@client/components/theme-toggle';

/**
 * The app opened offline before it could learn who is signed in: neither the sign-in page (a signed-in person
 * would think they were signed out) nor a blank screen. It gives way to the app once the connection is back.
 */
export function OfflinePage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <BrandLogo />
        <ThemeToggle />
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-xl flex-1 px-4 py-10 outline-none"
      >
        <h1 className="sr-only">Earshot is offline</h1>
        <EmptyState
          icon={WifiOff}
          title="Earshot needs a connection"
          description="Your feed, posts and conversations load as soon as you’re back online. Nothing needs doing: this page picks up by itself."
        />
      </main>
    </div>
  );
}

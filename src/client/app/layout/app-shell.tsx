import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@shared/contract/users';
import { MAIN_CONTENT_ID, SkipLink } from '@client/components/skip-link';
import { useLiveConversations } from '@client/features/conversations/api/use-live-conversations';
import { useLiveNotifications } from '@client/features/notifications/api/use-live-notifications';
import { BottomTabBar } from './bottom-tab-bar';
import { MobileTopBar } from './mobile-top-bar';
import { SideNav } from './side-nav';

/**
 * The signed-in frame: side navigation on large screens, top bar and tab bar on small ones. Only signed-in
 * people see it, so only they open the live event stream.
 */
export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [location] = useLocation();
  useLiveNotifications();
  useLiveConversations();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="min-h-dvh">
      <SkipLink />
      <SideNav user={user} />
      <MobileTopBar isModerator={user.isModerator === true} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="outline-none lg:pl-64">
        <div className="mx-auto w-full max-w-5xl px-4 pb-28 pt-6 sm:px-6 lg:px-10 lg:pb-12 lg:pt-10">
          {children}
        </div>
      </main>
      <BottomTabBar />
    </div>
  );
}

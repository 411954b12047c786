import { Bell, LogOut, Settings, ShieldAlert } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { BrandLogo } from '@client/components/brand-logo';
import { ThemeToggle } from '@client/components/theme-toggle';
import { useUnreadNotificationCount } from '@client/features/notifications/api/notifications';
import { UnreadIndicator } from '@client/features/notifications/components/unread-indicator';
import { bellLabel } from '@client/features/notifications/lib/notification-display';
import { SIGN_OUT_URL } from '@client/lib/session';
import { cn } from '@client/lib/utils';
import { isNavItemActive, NOTIFICATIONS_NAV_ITEM } from './nav-items';

/**
 * Small screens: product name home link, notifications bell and theme toggle (spec §2), plus Sign Out, which
 * the spec only places in the large-screen side navigation and phones would otherwise lack. The bell's dot
 * carries the unread count, kept live by the app shell's event stream.
 */
export function MobileTopBar({ isModerator = false }: { isModerator?: boolean }) {
  const [location] = useLocation();
  const unread = useUnreadNotificationCount();
  const notificationsActive = isNavItemActive(NOTIFICATIONS_NAV_ITEM.href, location);
  return (
    <header className="sticky top-0 z-30 border-b bg-background/85 pt-[env(safe-area-inset-top)] backdrop-blur-lg lg:hidden">
      <div className="flex h-14 items-center justify-between px-4">
        <Link href="/" className="rounded-xl">
          <BrandLogo />
        </Link>
        <div className="flex items-center gap-1">
          <Link
            href={NOTIFICATIONS_NAV_ITEM.href}
            aria-label={bellLabel(unread)}
            aria-current={notificationsActive ? 'page' : undefined}
            className={cn(
              'relative grid size-10 place-items-center rounded-full text-foreground transition-colors hover:bg-secondary',
              notificationsActive && 'bg-accent text-accent-foreground',
            )}
          >
            <Bell aria-hidden="true" className="size-5" />
            <UnreadIndicator count={unread} className="absolute right-1.5 top-1.5" />
          </Link>
          <ThemeToggle />
          {isModerator && (
            <Link
              href="/moderation"
              aria-label="Moderation"
              aria-current={isNavItemActive('/moderation', location) ? 'page' : undefined}
              className="grid size-10 place-items-center rounded-full text-foreground transition-colors hover:bg-secondary"
            >
              <ShieldAlert aria-hidden="true" className="size-5" />
            </Link>
          )}
          <Link
            href="/settings"
            aria-label="Settings"
            aria-current={isNavItemActive('/settings', location) ? 'page' : undefined}
            className="grid size-10 place-items-center rounded-full text-foreground transition-colors hover:bg-secondary"
          >
            <Settings aria-hidden="true" className="size-5" />
          </Link>
          <a
            href={SIGN_OUT_URL}
            aria-label="Sign Out"
            className="grid size-10 place-items-center rounded-full text-foreground transition-colors hover:bg-secondary"
          >
            <LogOut aria-hidden="true" className="size-5" />
          </a>
        </div>
      </div>
    </header>
  );
}

import { Bell, Settings, ShieldAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { BrandLogo } from '@client/components/brand-logo';
import { ThemeToggle } from '@client/components/theme-toggle';
import { useUnreadNotificationCount } from '@client/features/notifications/api/notifications';
import { UnreadIndicator } from '@client/features/notifications/components/unread-indicator';
import { bellLabel } from '@client/features/notifications/lib/notification-display';
import { cn } from '@client/lib/utils';
import { isNavItemActive, NOTIFICATIONS_NAV_ITEM } from './nav-items';

const ICON_LINK =
  'relative grid size-10 place-items-center rounded-full text-foreground transition-colors hover:bg-secondary';

/** An icon link of the top bar, marked and highlighted while its page is open. */
function TopBarLink({
  href,
  label,
  icon: Icon,
  children,
}: {
  href: string;
  label: string;
  icon: LucideIcon;
  children?: ReactNode;
}) {
  const [location] = useLocation();
  const active = isNavItemActive(href, location);
  return (
    <Link
      href={href}
      aria-label={label}
      aria-current={active ? 'page' : undefined}
      className={cn(ICON_LINK, active && 'bg-accent text-accent-foreground')}
    >
      <Icon aria-hidden="true" className="size-5" />
      {children}
    </Link>
  );
}

/**
 * Small screens: product name home link, notifications bell and theme toggle (spec §2), plus Settings, where
 * phones find Sign Out (as a lone icon here, one stray tap signed people out). The bell's dot carries the unread
 * count, kept live by the app shell's event stream.
 */
export function MobileTopBar({ isModerator = false }: { isModerator?: boolean }) {
  const unread = useUnreadNotificationCount();
  return (
    <header className="sticky top-0 z-30 border-b bg-background/85 pt-[env(safe-area-inset-top)] backdrop-blur-lg lg:hidden">
      <div className="flex h-14 items-center justify-between px-4">
        <Link href="/" className="rounded-xl">
          <BrandLogo />
        </Link>
        <div className="flex items-center gap-1">
          <TopBarLink href={NOTIFICATIONS_NAV_ITEM.href} label={bellLabel(unread)} icon={Bell}>
            <UnreadIndicator count={unread} className="absolute right-1.5 top-1.5" />
          </TopBarLink>
          <ThemeToggle />
          {isModerator && <TopBarLink href="/moderation" label="Moderation" icon={ShieldAlert} />}
          <TopBarLink href="/settings" label="Settings" icon={Settings} />
        </div>
      </div>
    </header>
  );
}

import { LogOut, Settings, ShieldAlert } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '@shared/contract/users';
import { displayName, handleOf } from '@shared/domain/display-name';
import { BrandLogo } from '@client/components/brand-logo';
import { ThemeToggle } from '@client/components/theme-toggle';
import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import { useUnreadConversationCount } from '@client/features/conversations/api/conversations';
import { useUnreadNotificationCount } from '@client/features/notifications/api/notifications';
import { UnreadIndicator } from '@client/features/notifications/components/unread-indicator';
import { bellLabel } from '@client/features/notifications/lib/notification-display';
import { SIGN_OUT_URL, startSigningOut } from '@client/lib/session';
import { cn } from '@client/lib/utils';
import {
  CONVERSATIONS_HREF,
  isNavItemActive,
  navLabel,
  NOTIFICATIONS_NAV_ITEM,
  PRIMARY_NAV_ITEMS,
} from './nav-items';

const SIDE_NAV_ITEMS = [...PRIMARY_NAV_ITEMS, NOTIFICATIONS_NAV_ITEM];

/** Large screens: the fixed left column. */
export function SideNav({ user }: { user: CurrentUser }) {
  const [location] = useLocation();
  const unread = useUnreadNotificationCount();
  const unreadMessages = useUnreadConversationCount();
  const name = displayName(user);
  const handle = handleOf(user);
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r bg-card/60 px-4 py-6 backdrop-blur lg:flex">
      <Link href="/" className="mx-2 w-fit rounded-xl">
        <BrandLogo />
      </Link>
      <nav aria-label="Main" className="mt-8 flex-1">
        <ul className="space-y-1">
          {SIDE_NAV_ITEMS.map(({ href, label, icon: Icon }) => {
            const active = isNavItemActive(href, location);
            const isNotifications = href === NOTIFICATIONS_NAV_ITEM.href;
            const isConversations = href === CONVERSATIONS_HREF;
            return (
              <li key={href}>
                <Link
                  href={href}
                  aria-current={active ? 'page' : undefined}
                  aria-label={
                    isNotifications
                      ? bellLabel(unread)
                      : isConversations
                        ? navLabel(label, unreadMessages)
                        : undefined
                  }
                  className={cn(
                    'flex items-center gap-3 rounded-2xl px-3.5 py-2.5 text-[0.95rem] font-medium text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground',
                    active &&
                      'bg-accent font-semibold text-accent-foreground hover:bg-accent hover:text-accent-foreground',
                  )}
                >
                  <Icon aria-hidden="true" className="size-5" strokeWidth={active ? 2.4 : 2} />
                  {label}
                  {isNotifications && unread > 0 && <UnreadIndicator count={unread} className="ml-auto" />}
                  {isConversations && unreadMessages > 0 && (
                    <UnreadIndicator count={unreadMessages} className="ml-auto" />
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="space-y-2 border-t pt-4">
        <div className="flex items-center gap-3 px-2 py-1">
          <Avatar src={user.profileImageUrl} name={name} framing={pictureFraming(user)} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold">{name}</p>
            {handle && <p className="truncate text-xs text-muted-foreground">@{handle}</p>}
          </div>
        </div>
        {user.isModerator && (
          <Button asChild variant="ghost" className="w-full justify-start px-3.5 text-muted-foreground">
            <Link
              href="/moderation"
              aria-current={isNavItemActive('/moderation', location) ? 'page' : undefined}
            >
              <ShieldAlert aria-hidden="true" />
              Moderation
            </Link>
          </Button>
        )}
        <div className="flex items-center gap-1">
          <Button asChild variant="ghost" className="flex-1 justify-start px-3.5 text-muted-foreground">
            <a href={SIGN_OUT_URL} onClick={startSigningOut}>
              <LogOut aria-hidden="true" />
              Sign Out
            </a>
          </Button>
          <Button asChild variant="ghost" size="icon" aria-label="Settings">
            <Link href="/settings" aria-current={isNavItemActive('/settings', location) ? 'page' : undefined}>
              <Settings aria-hidden="true" />
            </Link>
          </Button>
          <ThemeToggle />
        </div>
      </div>
    </aside>
  );
}

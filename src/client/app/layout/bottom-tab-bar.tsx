import { Link, useLocation } from 'wouter';
import { useUnreadConversationCount } from '@client/features/conversations/api/conversations';
import { UnreadIndicator } from '@client/features/notifications/components/unread-indicator';
import { cn } from '@client/lib/utils';
import { CONVERSATIONS_HREF, isNavItemActive, navLabel, PRIMARY_NAV_ITEMS } from './nav-items';

/** Small screens: the tab bar pinned to the bottom, clear of the home indicator. */
export function BottomTabBar() {
  const [location] = useLocation();
  const unreadMessages = useUnreadConversationCount();
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-card/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-lg lg:hidden"
    >
      <ul className="mx-auto grid max-w-lg grid-cols-5">
        {PRIMARY_NAV_ITEMS.map(({ href, label, icon: Icon }) => {
          const active = isNavItemActive(href, location);
          const unread = href === CONVERSATIONS_HREF ? unreadMessages : 0;
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                aria-label={unread > 0 ? navLabel(label, unread) : undefined}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 rounded-xl text-[0.6875rem] font-medium tracking-tight max-[400px]:text-[0.625rem] text-muted-foreground transition-colors hover:text-foreground',
                  active && 'text-primary hover:text-primary',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'relative grid h-7 w-12 place-items-center rounded-full transition-colors',
                    active && 'bg-accent',
                  )}
                >
                  <Icon className="size-5" strokeWidth={active ? 2.4 : 2} />
                  {unread > 0 && <UnreadIndicator count={unread} className="absolute -top-0.5 right-1.5" />}
                </span>
                <span className="max-w-full truncate">{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

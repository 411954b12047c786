import { Bell, Compass, House, MessagesSquare, NotebookPen, UserRound, type LucideIcon } from 'lucide-react';

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** Spec §2 Navigation: the bottom tab bar shows these; the side navigation adds Notifications. */
export const PRIMARY_NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Home', icon: House },
  { href: '/discover', label: 'Discover', icon: Compass },
  { href: '/conversations', label: 'Conversations', icon: MessagesSquare },
  { href: '/drafts', label: 'Voice Drafts', icon: NotebookPen },
  { href: '/profile', label: 'Profile', icon: UserRound },
];

export const NOTIFICATIONS_NAV_ITEM: NavItem = { href: '/notifications', label: 'Notifications', icon: Bell };

/** An item is active on its own path and on the paths beneath it (`/profile/abc` lights up Profile). */
export function isNavItemActive(href: string, location: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}

/** A nav link's accessible name with its unread count ("Conversations, 2 unread"). */
export function navLabel(label: string, unread: number): string {
  return unread > 0 ? `${label}, ${unread} unread` : label;
}

export const CONVERSATIONS_HREF = '/conversations';

import { ChevronRight, Compass, MessagesSquare, NotebookPen, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';

interface Shortcut {
  href: string;
  title: string;
  text: string;
  icon: LucideIcon;
}

/** Titles avoid the navigation's names, so each nav link stays the only link of its name. */
const SHORTCUTS: readonly Shortcut[] = [
  {
    href: '/discover',
    title: 'Explore new voices',
    text: 'Trending posts and people to follow',
    icon: Compass,
  },
  {
    href: '/conversations',
    title: 'Catch up on messages',
    text: 'Reply to friends by voice',
    icon: MessagesSquare,
  },
  {
    href: '/drafts',
    title: 'Continue a draft',
    text: 'Pick up a recording where you left off',
    icon: NotebookPen,
  },
];

export function HomeShortcuts() {
  return (
    <section aria-labelledby="home-shortcuts-heading" className="space-y-4">
      <h2 id="home-shortcuts-heading" className="text-xl font-semibold tracking-tight">
        Where to next?
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {SHORTCUTS.map(({ href, title, text, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              className="group flex h-full items-center gap-4 rounded-3xl border bg-card p-5 shadow-soft transition-shadow hover:shadow-lifted"
            >
              <span
                aria-hidden="true"
                className="grid size-12 shrink-0 place-items-center rounded-2xl bg-accent text-accent-foreground"
              >
                <Icon className="size-6" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{title}</span>
                <span className="block text-sm text-muted-foreground">{text}</span>
              </span>
              <ChevronRight
                aria-hidden="true"
                className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

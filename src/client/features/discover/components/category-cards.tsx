import { BookOpen, Flame, Music, type LucideIcon } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/utils';

interface Category {
  name: string;
  /** Spec §9: fixed sample numbers. */
  count: number;
  icon: LucideIcon;
  badge?: string;
  tint: string;
}

const CATEGORIES: readonly Category[] = [
  {
    name: 'Trending',
    count: 42,
    icon: Flame,
    badge: 'Hot',
    tint: 'from-orange-500/20 via-rose-500/10 text-orange-700 dark:text-orange-300',
  },
  {
    name: 'Music',
    count: 28,
    icon: Music,
    tint: 'from-violet-500/20 via-fuchsia-500/10 text-violet-700 dark:text-violet-300',
  },
  {
    name: 'Stories',
    count: 15,
    icon: BookOpen,
    tint: 'from-teal-500/20 via-cyan-500/10 text-teal-700 dark:text-teal-300',
  },
];

/** Spec §2 category cards: Trending 42 ("Hot"), Music 28, Stories 15; each searches for its name in lowercase. */
export function CategoryCards({ onChoose }: { onChoose: (term: string) => void }) {
  return (
    <section aria-labelledby="discover-categories-heading" className="space-y-3">
      <h2 id="discover-categories-heading" className="sr-only">
        Categories
      </h2>
      <ul className="grid grid-cols-3 gap-2 sm:gap-4">
        {CATEGORIES.map(({ name, count, icon: Icon, badge, tint }) => (
          <li key={name} className="min-w-0">
            <button
              type="button"
              onClick={() => onChoose(name.toLowerCase())}
              className={cn(
                'group relative flex h-full w-full min-w-0 cursor-pointer flex-col items-start gap-2 overflow-hidden rounded-3xl border bg-card bg-linear-to-br to-card p-3 text-left shadow-soft transition-shadow hover:shadow-lifted focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring/30 sm:gap-3 sm:p-5',
                tint,
              )}
            >
              <span className="flex w-full items-start justify-between gap-1">
                <Icon
                  aria-hidden="true"
                  className="size-6 transition-transform group-hover:scale-110 motion-reduce:transition-none sm:size-7"
                />
                {badge && (
                  <Badge variant="solid" className="px-2 text-[0.6875rem] sm:text-xs">
                    {badge}
                  </Badge>
                )}
              </span>
              <span className="min-w-0">
                <span className="block truncate text-sm font-bold text-foreground sm:text-lg">{name}</span>
                <span className="block text-xs text-muted-foreground sm:text-sm">{count} posts</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { UserStats } from '@shared/contract/stats';
import { formatCount } from '../lib/stats-format';

/** Spec §2 content categories: each with its posts, most used first, and its share of all of them. */
export function StatsCategories({ stats, own }: { stats: UserStats; own: boolean }) {
  if (stats.categories.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed px-4 py-8 text-center text-sm text-muted-foreground text-pretty">
        {own ? 'Your categories show here once you publish.' : 'No categories yet.'}
      </p>
    );
  }
  return (
    <ul className="space-y-3">
      {stats.categories.map(({ category, count }) => (
        <li key={category}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate font-medium">{category}</span>
            <span className="shrink-0 tabular-nums text-muted-foreground">
              {formatCount(count)} {count === 1 ? 'post' : 'posts'}
            </span>
          </div>
          <div aria-hidden="true" className="mt-1.5 h-2 overflow-hidden rounded-full bg-secondary">
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: `${Math.max(2, (count / Math.max(1, stats.totalEpisodes)) * 100)}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

import { FolderOpen, Tags, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import { LoadError } from '@client/components/load-error';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/utils';
import { useProfileStats } from '../api/profile-stats';
import { ProfileEmpty } from './profile-empty';
import { ProfilePosts } from './profile-posts';

interface ProfileCategoriesProps {
  userId: string;
  own: boolean;
  /** The category the items are narrowed to, or null for all of them. */
  category: string | null;
  onCategoryChange: (category: string | null) => void;
  renderPost: (post: Post) => ReactNode;
}

/**
 * Spec §2 Profile, Categories: the distinct categories of the person's items, most used first, with their counts;
 * choosing one narrows the items to it, "Clear Filter" shows them all again.
 */
export function ProfileCategories({
  userId,
  own,
  category,
  onCategoryChange,
  renderPost,
}: ProfileCategoriesProps) {
  const stats = useProfileStats(userId);

  if (stats.isPending) {
    return (
      <div role="status" aria-label="Loading categories" className="flex flex-wrap gap-2">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-10 w-28 rounded-full" />
        ))}
      </div>
    );
  }
  if (stats.isError) {
    return (
      <LoadError
        message="We couldn’t load the categories."
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
    );
  }
  const { categories } = stats.data;
  if (categories.length === 0) {
    return (
      <ProfileEmpty
        icon={<Tags />}
        message={own ? 'No categories yet. Publish a post to start one.' : 'No categories yet.'}
      />
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <ul aria-label="Categories" className="flex flex-wrap gap-2">
          {categories.map(({ category: name, count }) => {
            const selected = name === category;
            return (
              <li key={name}>
                <button
                  type="button"
                  aria-pressed={selected}
                  aria-label={`${name}, ${count} ${count === 1 ? 'item' : 'items'}`}
                  onClick={() => onCategoryChange(selected ? null : name)}
                  className={cn(
                    'inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors',
                    selected
                      ? 'border-primary bg-primary text-primary-foreground shadow-soft'
                      : 'bg-card hover:bg-secondary',
                  )}
                >
                  {name}
                  <span
                    className={cn(
                      'rounded-full px-2 py-px text-xs tabular-nums',
                      selected ? 'bg-primary-foreground/20' : 'bg-accent text-accent-foreground',
                    )}
                  >
                    {count}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        {category !== null && (
          <Button variant="ghost" size="sm" onClick={() => onCategoryChange(null)}>
            <X aria-hidden="true" />
            Clear Filter
          </Button>
        )}
      </div>

      <p aria-live="polite" className="text-sm font-medium text-muted-foreground">
        {category === null ? 'Showing everything' : `Showing ${category}`}
      </p>
      <ProfilePosts
        userId={userId}
        filters={category === null ? undefined : { category }}
        renderPost={renderPost}
        empty={<ProfileEmpty icon={<FolderOpen />} message="Nothing in this category yet." />}
      />
    </div>
  );
}

import { Clock3 } from 'lucide-react';
import type { Post } from '@shared/contract/posts';
import { displayName } from '@shared/domain/display-name';
import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import { formatDuration, formatRelativeTime } from '@client/lib/format';
import { HomeSection } from './home-section';

interface RecentActivityStripProps {
  items: readonly Post[];
  onOpen: (post: Post) => void;
}

/** Spec §2 "Recent Activity (24h)": the last day's short items (30 s or less). */
export function RecentActivityStrip({ items, onOpen }: RecentActivityStripProps) {
  return (
    <HomeSection id="recent-activity" title="Recent Activity (24h)">
      {items.length > 0 ? (
        <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:-mx-1 sm:px-1 [&::-webkit-scrollbar]:hidden">
          {items.map((post) => {
            const title = post.title.trim() || 'Untitled Post';
            return (
              <li key={post.id} className="w-60 shrink-0 snap-start">
                <button
                  type="button"
                  onClick={() => onOpen(post)}
                  className="flex w-full cursor-pointer items-center gap-3 rounded-2xl border bg-card p-3 text-left shadow-soft transition-[box-shadow,transform] hover:shadow-lifted active:scale-[0.99]"
                >
                  <Avatar
                    src={post.user.profileImageUrl}
                    name={displayName(post.user)}
                    framing={pictureFraming(post.user)}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold">{title}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {displayName(post.user)} · {formatRelativeTime(post.createdAt)}
                    </span>
                  </span>
                  <span className="shrink-0 rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold tabular-nums">
                    {formatDuration(post.duration)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="flex items-center gap-2 rounded-2xl border border-dashed px-4 py-3 text-sm text-muted-foreground">
          <Clock3 aria-hidden="true" className="size-4 shrink-0" />
          Short clips from the last 24 hours will appear here.
        </p>
      )}
    </HomeSection>
  );
}

import type { Post } from '@shared/contract/posts';
import { DEFAULT_CATEGORY } from '@shared/domain/posts';
import { formatDuration, formatShortDate } from '@client/lib/format';

/** A pod row's line of facts: its length, category and date, and that it is private when it is. */
export function PodFacts({ pod }: { pod: Pick<Post, 'duration' | 'category' | 'createdAt' | 'isPrivate'> }) {
  return (
    <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground">
      <span className="font-semibold tabular-nums text-foreground/80">{formatDuration(pod.duration)}</span>
      <span aria-hidden="true">·</span>
      <span className="rounded-full bg-accent px-2 py-px font-semibold text-accent-foreground">
        {pod.category.trim() || DEFAULT_CATEGORY}
      </span>
      <span aria-hidden="true">·</span>
      <time dateTime={pod.createdAt}>{formatShortDate(pod.createdAt)}</time>
      {pod.isPrivate && (
        <>
          <span aria-hidden="true">·</span>
          <span>Private</span>
        </>
      )}
    </span>
  );
}

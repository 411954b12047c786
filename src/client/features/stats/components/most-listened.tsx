import { Link } from 'wouter';
import type { UserStats } from '@shared/contract/stats';
import { formatCount, formatStatsDuration } from '../lib/stats-format';

/** The posts others listened to most, each with its listens and listening time, linked to the post. */
export function MostListened({ posts }: { posts: UserStats['mostListened'] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="stats-most-listened" className="space-y-2">
      <h3 id="stats-most-listened" className="text-sm font-semibold">
        Most Listened
      </h3>
      <ol className="divide-y rounded-2xl border">
        {posts.map((post) => {
          const time = formatStatsDuration(post.listeningSeconds);
          return (
            <li key={post.postId} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
              <Link
                href={`/post/${post.postId}`}
                className="min-w-0 truncate font-medium underline-offset-4 hover:underline focus-visible:underline"
              >
                {post.title.trim() || 'Untitled Voice Post'}
              </Link>
              <span className="shrink-0 tabular-nums text-muted-foreground">
                {formatCount(post.listens)} {post.listens === 1 ? 'listen' : 'listens'}
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, </span>
                <span aria-hidden="true">{time.short}</span>
                <span className="sr-only">{time.words} listened</span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

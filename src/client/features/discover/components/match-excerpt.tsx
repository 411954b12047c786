import { Play } from 'lucide-react';
import { Link } from 'wouter';
import type { SearchMatch } from '@shared/contract/search';
import { formatDuration } from '@client/lib/format';
import { postMomentPath } from '@client/lib/moment-link';
import { matchFieldLabel, matchParts } from '../lib/match-parts';

/**
 * Where a found post matched: the field, then its excerpt with the matched words marked; a match in what was
 * said links to the moment it is said.
 */
export function MatchExcerpt({ match, post }: { match: SearchMatch; post: { id: string; title: string } }) {
  const excerpt = (
    <p className="line-clamp-3 text-xs leading-relaxed text-muted-foreground">
      <span className="font-semibold text-foreground">{matchFieldLabel(match.field)}: </span>
      {matchParts(match).map((part, index) =>
        part.highlighted ? (
          <mark
            key={index}
            className="rounded-sm bg-highlight/35 px-0.5 text-foreground dark:bg-highlight/30"
          >
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
  if (match.at === undefined) return excerpt;
  return (
    <div className="space-y-1">
      {excerpt}
      <Link
        href={postMomentPath(post.id, match.at)}
        aria-label={`Play from ${formatDuration(match.at)}, in ${post.title.trim() || 'Untitled Post'}`}
        className="inline-flex items-center gap-1 rounded-md text-xs font-semibold text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Play aria-hidden="true" className="size-3 fill-current" />
        Play from {formatDuration(match.at)}
      </Link>
    </div>
  );
}

import type { SearchMatch } from '@shared/contract/search';
import { matchFieldLabel, matchParts } from '../lib/match-parts';

/** Where a found post matched: the field, then its excerpt with the matched words marked. */
export function MatchExcerpt({ match }: { match: SearchMatch }) {
  return (
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
}

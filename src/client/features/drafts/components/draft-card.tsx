import { CalendarDays, Clock3, Loader2, NotebookPen, Pencil, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatDuration, formatDurationWords } from '@client/lib/format';
import { cn } from '@client/lib/utils';
import { draftCreatedLabel, draftTitle } from '../lib/draft-labels';

interface DraftCardProps {
  draft: Post;
  /** The shared player, composed in by the route (features do not import each other). */
  player: ReactNode;
  onEdit: (draft: Post) => void;
  onDelete: (draft: Post) => void;
  /** This draft's audio is being fetched for editing. */
  opening: boolean;
  /** Another draft is being opened: editing waits. */
  editDisabled: boolean;
  className?: string;
}

/** Spec §2 Drafts: title (or "Untitled Draft"), created date, duration, category, transcription; play, Edit, Delete. */
export function DraftCard({
  draft,
  player,
  onEdit,
  onDelete,
  opening,
  editDisabled,
  className,
}: DraftCardProps) {
  const id = useId();
  const title = draftTitle(draft);
  const created = draftCreatedLabel(draft.createdAt);
  const transcription = draft.transcription?.trim();
  return (
    <article
      aria-labelledby={`${id}-title`}
      className={cn(
        'rounded-3xl border bg-card p-4 text-card-foreground shadow-soft transition-shadow hover:shadow-lifted sm:p-5',
        className,
      )}
    >
      <div className="flex items-start gap-3 sm:gap-4">
        <span
          aria-hidden="true"
          className="hidden size-11 shrink-0 place-items-center rounded-2xl bg-accent text-accent-foreground min-[400px]:grid"
        >
          <NotebookPen className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={`${id}-title`} className="line-clamp-2 text-lg font-semibold leading-snug tracking-tight">
            {title}
          </h3>
          <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-muted-foreground">
            {created && (
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays className="size-3.5 shrink-0" aria-hidden="true" />
                <time dateTime={draft.createdAt}>{created}</time>
              </span>
            )}
            <span className="inline-flex items-center gap-1.5 tabular-nums">
              <Clock3 className="size-3.5 shrink-0" aria-hidden="true" />
              <span aria-hidden="true">{formatDuration(draft.duration)}</span>
              <span className="sr-only">{formatDurationWords(draft.duration)}</span>
            </span>
            {draft.category.trim() && (
              <Badge variant="secondary">
                <span className="sr-only">Category: </span>
                {draft.category}
              </Badge>
            )}
          </div>
        </div>
      </div>

      <div className="mt-4">{player}</div>

      {transcription && (
        <p className="mt-3 line-clamp-4 rounded-2xl bg-secondary/60 px-4 py-3 text-sm whitespace-pre-line text-pretty text-foreground/85">
          {transcription}
        </p>
      )}

      <div className="mt-4 flex items-center justify-end gap-2 border-t pt-4">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onDelete(draft)}
          aria-label={`Delete ${title}`}
          className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive dark:hover:text-red-400"
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onEdit(draft)}
          disabled={opening || editDisabled}
          aria-label={`Edit ${title}`}
          className="min-w-24"
        >
          {opening ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Pencil aria-hidden="true" />}
          {opening ? 'Opening…' : 'Edit'}
        </Button>
      </div>
    </article>
  );
}

import { Link2, ListOrdered, Pencil, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Chapter } from '@shared/contract/posts';
import { Button } from '@client/components/ui/button';
import { formatDuration } from '@client/lib/format';
import { cn } from '@client/lib/utils';
import { currentChapterIndex, sortChapters } from '../lib/chapters';

const ChapterEditorDialog = lazy(() =>
  import('./chapter-editor-dialog').then((module) => ({ default: module.ChapterEditorDialog })),
);

interface ChapterListProps {
  postId: string;
  chapters: readonly Chapter[];
  duration: number;
  currentTime: number;
  onSeek: (seconds: number) => void;
  canEdit: boolean;
  /** Copies a link that opens the post at a chapter; no button without it. */
  onCopyLink?: (chapter: Chapter) => void;
}

/** The chapter list under the player: tap a chapter to jump there; the owner can edit them. */
export function ChapterList({
  postId,
  chapters,
  duration,
  currentTime,
  onSeek,
  canEdit,
  onCopyLink,
}: ChapterListProps) {
  const [editing, setEditing] = useState(false);
  const sorted = sortChapters(chapters);
  const current = currentChapterIndex(sorted, currentTime);
  const editor = canEdit && editing && (
    <Suspense fallback={null}>
      <ChapterEditorDialog
        open={editing}
        onOpenChange={setEditing}
        postId={postId}
        chapters={sorted}
        duration={duration}
        currentTime={currentTime}
      />
    </Suspense>
  );

  if (sorted.length === 0) {
    if (!canEdit) return null;
    return (
      <div>
        <Button
          variant="ghost"
          size="sm"
          className="-ml-2 h-8 px-3 text-muted-foreground"
          onClick={() => setEditing(true)}
        >
          <Plus aria-hidden="true" />
          Add chapters
        </Button>
        {editor}
      </div>
    );
  }

  return (
    <section aria-label="Chapters" className="rounded-2xl border p-3">
      <div className="flex items-center justify-between gap-2 px-1">
        <h3 className="flex items-center gap-2 text-sm font-semibold">
          <ListOrdered aria-hidden="true" className="size-4 text-muted-foreground" />
          Chapters
          <span className="font-normal text-muted-foreground">({sorted.length})</span>
        </h3>
        {canEdit && (
          <Button variant="ghost" size="sm" className="h-8 px-3" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit chapters
          </Button>
        )}
      </div>
      <ol className="mt-2 space-y-0.5">
        {sorted.map((chapter, index) => (
          <li key={chapter.id} className="flex items-start gap-1">
            <button
              type="button"
              onClick={() => onSeek(chapter.time)}
              aria-current={index === current ? 'true' : undefined}
              className={cn(
                'flex min-w-0 flex-1 cursor-pointer items-start gap-3 rounded-xl px-2 py-2 text-left transition-colors hover:bg-secondary',
                index === current && 'bg-accent hover:bg-accent',
              )}
            >
              <span className="mt-px w-12 shrink-0 text-xs font-semibold tabular-nums text-accent-foreground">
                {formatDuration(chapter.time)}
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-medium">{chapter.title}</span>
                {chapter.description && (
                  <span className="block text-xs text-muted-foreground">{chapter.description}</span>
                )}
              </span>
            </button>
            {onCopyLink && (
              <Button
                variant="ghost"
                size="icon"
                className="size-9 shrink-0 text-muted-foreground"
                aria-label={`Copy link to this chapter: ${chapter.title}`}
                title="Copy link to this chapter"
                onClick={() => onCopyLink(chapter)}
              >
                <Link2 aria-hidden="true" />
              </Button>
            )}
          </li>
        ))}
      </ol>
      {editor}
    </section>
  );
}

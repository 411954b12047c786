import { Clock, Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { Chapter } from '@shared/contract/posts';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { formatDuration } from '@client/lib/format';
import { useUpdateChapters } from '../hooks/use-update-chapters';
import { chapterFromDraft, formatChapterTime, sortChapters, type ChapterDraft } from '../lib/chapters';

interface ChapterEditorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  postId: string;
  chapters: readonly Chapter[];
  duration: number;
  currentTime: number;
}

const emptyDraft = (time: number): ChapterDraft => ({
  title: '',
  time: formatChapterTime(time),
  description: '',
});

/** Spec §5 Chapters and §4 Chapter dialog: add or edit mode; saved on the server by the owner. */
export function ChapterEditorDialog({
  open,
  onOpenChange,
  postId,
  chapters: initial,
  duration,
  currentTime,
}: ChapterEditorDialogProps) {
  const [chapters, setChapters] = useState<Chapter[]>(() => sortChapters(initial));
  const [draft, setDraft] = useState<ChapterDraft>(() => emptyDraft(currentTime));
  const [editingId, setEditingId] = useState<string | null>(null);
  const save = useUpdateChapters(postId);
  const ids = useId();
  const titleReady = draft.title.trim().length > 0;

  const submitChapter = (event: FormEvent) => {
    event.preventDefault();
    if (!titleReady) return;
    const chapter = chapterFromDraft(draft, duration, editingId ?? undefined);
    setChapters((list) =>
      sortChapters(
        editingId ? list.map((item) => (item.id === editingId ? chapter : item)) : [...list, chapter],
      ),
    );
    setEditingId(null);
    setDraft(emptyDraft(currentTime));
  };

  const edit = (chapter: Chapter) => {
    setEditingId(chapter.id);
    setDraft({
      title: chapter.title,
      time: formatChapterTime(chapter.time),
      description: chapter.description ?? '',
    });
  };

  const remove = (id: string) => {
    setChapters((list) => list.filter((item) => item.id !== id));
    if (editingId === id) {
      setEditingId(null);
      setDraft(emptyDraft(currentTime));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Chapters</DialogTitle>
          <DialogDescription>Mark the moments listeners can jump to. Times are MM:SS.</DialogDescription>
        </DialogHeader>

        {chapters.length > 0 ? (
          <ol className="max-h-56 space-y-1 overflow-y-auto" aria-label="Chapters so far">
            {chapters.map((chapter) => (
              <li
                key={chapter.id}
                className="flex items-center gap-3 rounded-xl border px-3 py-2 data-[editing=true]:border-primary"
                data-editing={chapter.id === editingId}
              >
                <span className="w-12 shrink-0 text-xs font-semibold tabular-nums text-accent-foreground">
                  {formatDuration(chapter.time)}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{chapter.title}</span>
                  {chapter.description && (
                    <span className="block truncate text-xs text-muted-foreground">
                      {chapter.description}
                    </span>
                  )}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={`Edit ${chapter.title}`}
                  onClick={() => edit(chapter)}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-destructive dark:text-red-400"
                  aria-label={`Remove ${chapter.title}`}
                  onClick={() => remove(chapter.id)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ol>
        ) : (
          <p className="rounded-xl bg-secondary/70 px-4 py-3 text-sm text-muted-foreground">
            No chapters yet.
          </p>
        )}

        <form onSubmit={submitChapter} className="grid gap-4 rounded-2xl bg-secondary/50 p-4">
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-title`}>Chapter title</Label>
              <Input
                id={`${ids}-title`}
                value={draft.title}
                maxLength={200}
                placeholder="Introduction"
                onChange={(event) => setDraft({ ...draft, title: event.target.value })}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-time`}>Time (MM:SS)</Label>
              <div className="relative">
                <Input
                  id={`${ids}-time`}
                  value={draft.time}
                  inputMode="numeric"
                  placeholder="00:00"
                  className="pr-10 tabular-nums"
                  onChange={(event) => setDraft({ ...draft, time: event.target.value })}
                />
                <button
                  type="button"
                  aria-label="Use the current playback time"
                  title="Use the current playback time"
                  onClick={() => setDraft({ ...draft, time: formatChapterTime(currentTime) })}
                  className="absolute right-1.5 top-1/2 grid size-8 -translate-y-1/2 cursor-pointer place-items-center rounded-full text-muted-foreground hover:bg-secondary hover:text-foreground"
                >
                  <Clock aria-hidden="true" className="size-4" />
                </button>
              </div>
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-description`}>Description (optional)</Label>
            <Textarea
              id={`${ids}-description`}
              rows={2}
              className="min-h-16"
              value={draft.description}
              onChange={(event) => setDraft({ ...draft, description: event.target.value })}
            />
          </div>
          <div className="flex justify-end gap-2">
            {editingId && (
              <Button
                variant="ghost"
                onClick={() => {
                  setEditingId(null);
                  setDraft(emptyDraft(currentTime));
                }}
              >
                Cancel edit
              </Button>
            )}
            <Button type="submit" variant="secondary" disabled={!titleReady}>
              {editingId ? 'Update' : 'Add'}
            </Button>
          </div>
        </form>

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={save.isPending}
            onClick={() => save.mutate(chapters, { onSuccess: () => onOpenChange(false) })}
          >
            {save.isPending ? 'Saving...' : 'Save chapters'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { Mic, Share2, Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { TITLE_MAX_LENGTH } from '@shared/domain/posts';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { canRecordHere } from '../lib/can-record-here';
import { toast } from '@client/lib/use-toast';

interface CreateContentBoxProps {
  /** Opens the recorder with this title (trimmed, never empty). */
  onRecord: (title: string) => void;
  /** A title to start from: the last one, when its recording was not published. */
  initialTitle?: string;
  /** Back from a recorder session, whose controls are gone: focus comes back to the title. */
  focusTitle?: boolean;
}

/**
 * Spec §2 Profile, own: "Create New Content", a title first, then Record (spec §5: the title is required, and the
 * browser must be able to record), or Share, which is not built yet.
 */
export function CreateContentBox({ onRecord, initialTitle = '', focusTitle = false }: CreateContentBoxProps) {
  const [title, setTitle] = useState(initialTitle);

  const record = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      toast({
        variant: 'destructive',
        title: 'Title Required',
        description: 'Please enter a title before recording',
      });
      return;
    }
    if (!canRecordHere()) return;
    onRecord(trimmed);
  };

  return (
    <section
      aria-labelledby="create-content-heading"
      className="rounded-3xl border bg-card p-4 shadow-soft sm:p-5"
    >
      <h2 id="create-content-heading" className="flex items-center gap-2 text-lg font-bold tracking-tight">
        <Sparkles aria-hidden="true" className="size-5 text-primary" />
        Create New Content
      </h2>
      <form onSubmit={record} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <Input
          aria-label="Title"
          autoFocus={focusTitle}
          placeholder="Enter your title first..."
          value={title}
          maxLength={TITLE_MAX_LENGTH}
          onChange={(event) => setTitle(event.target.value)}
          className="sm:flex-1"
        />
        <div className="flex gap-2">
          <Button type="submit" className="flex-1 sm:flex-none">
            <Mic aria-hidden="true" />
            Record
          </Button>
          <Button
            type="button"
            variant="outline"
            className="flex-1 sm:flex-none"
            onClick={() => toast({ title: 'Share functionality coming soon!' })}
          >
            <Share2 aria-hidden="true" />
            Share
          </Button>
        </div>
      </form>
    </section>
  );
}

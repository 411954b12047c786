import { Mic, NotebookPen } from 'lucide-react';
import { Button } from '@client/components/ui/button';

/** No drafts yet: what they are, and a way to record the first. */
export function DraftsEmpty({ onRecordFirst }: { onRecordFirst: () => void }) {
  return (
    <div className="relative overflow-hidden rounded-3xl border border-dashed bg-card/60 px-6 py-12 text-center sm:py-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-24 mx-auto h-48 w-96 max-w-full rounded-full bg-primary/10 blur-3xl"
      />
      <div className="relative mx-auto flex max-w-sm flex-col items-center">
        <span
          aria-hidden="true"
          className="grid size-16 place-items-center rounded-2xl bg-accent text-accent-foreground shadow-soft"
        >
          <NotebookPen className="size-7" />
        </span>
        <h3 className="mt-6 text-xl font-semibold tracking-tight">No voice drafts yet</h3>
        <p className="mt-2 text-muted-foreground text-pretty">
          Record a private note whenever a thought comes. Only you can hear your drafts, and you can come back
          to edit them.
        </p>
        <Button className="mt-6" onClick={onRecordFirst}>
          <Mic aria-hidden="true" />
          Record a draft
        </Button>
      </div>
    </div>
  );
}

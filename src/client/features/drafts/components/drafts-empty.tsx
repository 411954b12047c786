import { Mic, NotebookPen } from 'lucide-react';
import { EmptyState } from '@client/components/empty-state';
import { Button } from '@client/components/ui/button';

/** No drafts yet: what they are, and a way to record the first. */
export function DraftsEmpty({ onRecordFirst }: { onRecordFirst: () => void }) {
  return (
    <EmptyState
      icon={NotebookPen}
      title="No voice drafts yet"
      headingLevel={3}
      description="Record a private note whenever a thought comes. Only you can hear your drafts, and you can come back to edit them."
      action={
        <Button onClick={onRecordFirst}>
          <Mic aria-hidden="true" />
          Record a draft
        </Button>
      }
      dashed
    />
  );
}

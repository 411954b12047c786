import { NotebookPen } from 'lucide-react';
import { ComingSoon } from '@client/components/coming-soon';

export function DraftsPage() {
  return (
    <ComingSoon
      icon={NotebookPen}
      title="Voice Drafts"
      description="Private recordings, only for you."
      preview="Your diary entries and unfinished recordings will be kept here, ready to edit or share."
    />
  );
}

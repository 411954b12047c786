import { Mic, Podcast, Sparkles } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';

interface CreateWithIdeaDialogProps {
  idea: string | null;
  onOpenChange: (open: boolean) => void;
  /** Opens the recorder with the idea as the title. */
  onCreate: (idea: string, type: 'post' | 'episode') => void;
}

/** Spec §2 "Create with AI Idea": the idea, then "Create Voice Post" or "Create Pod Episode". */
export function CreateWithIdeaDialog({ idea, onOpenChange, onCreate }: CreateWithIdeaDialogProps) {
  return (
    <Dialog open={idea !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Sparkles aria-hidden="true" className="size-5 text-primary" />
            Create with AI Idea
          </DialogTitle>
          <DialogDescription>Record a quick voice post or a longer pod episode about it.</DialogDescription>
        </DialogHeader>
        <blockquote className="rounded-2xl bg-accent px-5 py-4 text-lg font-semibold leading-snug text-balance text-accent-foreground">
          {idea}
        </blockquote>
        <DialogFooter className="sm:justify-stretch">
          <Button className="sm:flex-1" onClick={() => idea && onCreate(idea, 'post')}>
            <Mic aria-hidden="true" />
            Create Voice Post
          </Button>
          <Button variant="outline" className="sm:flex-1" onClick={() => idea && onCreate(idea, 'episode')}>
            <Podcast aria-hidden="true" />
            Create Pod Episode
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

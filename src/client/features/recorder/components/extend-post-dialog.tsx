import { Loader2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Post } from '@shared/contract/posts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';

const ExtendPostRecorder = lazy(() =>
  import('./extend-post-recorder').then((module) => ({ default: module.ExtendPostRecorder })),
);

export interface ExtendPostDialogProps {
  post: Post;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Spec §2 "extend-post recorder": records more audio and appends it to the end of one's own post. The recorder
 * itself loads only when the dialog opens. While the upload runs the dialog stays open.
 */
export function ExtendPostDialog({ post, open, onOpenChange }: ExtendPostDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        onOpenChange(next);
      }}
    >
      <DialogContent hideClose={busy} onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Extend Post</DialogTitle>
          <DialogDescription>
            Record more and it is added to the end of{' '}
            <span className="font-medium text-foreground">“{post.title}”</span>.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <Suspense
            fallback={
              <div className="flex h-40 items-center justify-center text-muted-foreground">
                <Loader2 className="size-6 animate-spin" aria-hidden="true" />
                <span className="sr-only">Loading the recorder…</span>
              </div>
            }
          >
            <ExtendPostRecorder
              post={post}
              onBusyChange={setBusy}
              onDone={() => {
                setBusy(false);
                onOpenChange(false);
              }}
            />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}

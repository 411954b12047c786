import { Loader2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { Post } from '@shared/contract/posts';
import { RecordingDialog } from '@client/components/recording-dialog';

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
  return (
    <RecordingDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Extend Post"
      description={
        <>
          Record more and it is added to the end of{' '}
          <span className="font-medium text-foreground">“{post.title}”</span>.
        </>
      }
    >
      {(setBusy) => (
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
    </RecordingDialog>
  );
}

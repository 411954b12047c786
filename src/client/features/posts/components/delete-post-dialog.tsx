import type { Post } from '@shared/contract/posts';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { useDeletePost } from '../hooks/use-delete-post';
import { postTitle } from '../lib/post-labels';

interface DeletePostDialogProps {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: (post: Post) => void;
}

/** Asks once before "Delete Post" removes a recording for good. */
export function DeletePostDialog({ post, open, onOpenChange, onDeleted }: DeletePostDialogProps) {
  const deletePost = useDeletePost();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Delete this post?</DialogTitle>
          <DialogDescription>
            “{postTitle(post)}” will be removed for everyone who could hear it. This can’t be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            disabled={deletePost.isPending}
            onClick={() =>
              deletePost.mutate(post.id, {
                onSuccess: () => {
                  onOpenChange(false);
                  onDeleted?.(post);
                },
              })
            }
          >
            {deletePost.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

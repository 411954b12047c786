import type { Post } from '@shared/contract/posts';
import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
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
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this post?"
      description={`“${postTitle(post)}” will be removed for everyone who could hear it. This can’t be undone.`}
      pending={deletePost.isPending}
      onConfirm={() =>
        deletePost.mutate(post.id, {
          onSuccess: () => {
            onOpenChange(false);
            onDeleted?.(post);
          },
        })
      }
    />
  );
}

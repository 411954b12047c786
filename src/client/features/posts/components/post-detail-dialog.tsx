import type { Post } from '@shared/contract/posts';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@client/components/ui/dialog';
import { displayName } from '@shared/domain/display-name';
import { formatFullDate } from '@client/lib/format';
import { PostCard, type PostCardProps } from './post-card';

interface PostDetailDialogProps extends Omit<PostCardProps, 'post' | 'renderTitle' | 'bare'> {
  post: Post | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The modal detail view of a post (spec §2 post viewer): author, date and the post with its full player. */
export function PostDetailDialog({
  post,
  open,
  onOpenChange,
  onDeleted,
  ...cardProps
}: PostDetailDialogProps) {
  return (
    <Dialog open={open && post !== null} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-2xl"
        onOpenAutoFocus={(event) => {
          // Focus the dialog itself, not the first button (whose tooltip would pop open).
          event.preventDefault();
          (event.currentTarget as HTMLElement).focus();
        }}
      >
        {post && (
          <>
            <DialogDescription className="sr-only">
              {`By ${displayName(post.user)}, ${formatFullDate(post.createdAt)}`}
            </DialogDescription>
            <PostCard
              {...cardProps}
              post={post}
              bare
              className="pt-1"
              onDeleted={(deleted) => {
                onOpenChange(false);
                onDeleted?.(deleted);
              }}
              renderTitle={(title, className) => <DialogTitle className={className}>{title}</DialogTitle>}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { Post } from '@shared/contract/posts';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@client/components/ui/dialog';
import { displayName } from '@shared/domain/display-name';
import { formatFullDate } from '@client/lib/format';
import { postQueryOptions } from '../api/post';
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
          <LatestPostCard
            {...cardProps}
            post={post}
            onDeleted={(deleted) => {
              onOpenChange(false);
              onDeleted?.(deleted);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The post as it is now, not as the list that opened it had it: what is saved while the modal is open (chapters)
 * shows at once. The list's copy stands in until the post's own answer comes.
 */
function LatestPostCard({ post: opened, ...cardProps }: Omit<PostCardProps, 'renderTitle' | 'bare'>) {
  const latest = useQuery({ ...postQueryOptions(opened.id), placeholderData: opened });
  const post = latest.data ?? opened;
  return (
    <>
      <DialogDescription className="sr-only">
        {`By ${displayName(post.user)}, ${formatFullDate(post.createdAt)}`}
      </DialogDescription>
      <PostCard
        {...cardProps}
        post={post}
        bare
        className="pt-1"
        renderTitle={(title, className) => <DialogTitle className={className}>{title}</DialogTitle>}
      />
    </>
  );
}

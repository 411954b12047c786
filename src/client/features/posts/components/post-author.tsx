import { Link } from 'wouter';
import type { Post } from '@shared/contract/posts';
import { displayName } from '@shared/domain/display-name';
import { Avatar } from '@client/components/ui/avatar';
import { formatFullDate } from '@client/lib/format';
import { cn } from '@client/lib/utils';

interface PostAuthorProps {
  post: Post;
  /** The date as shown: relative, or a date for older posts. */
  date: string;
  className?: string;
}

/** Avatar, name (linking to `/profile/{userId}`, spec §2) and when it was posted. */
export function PostAuthor({ post, date, className }: PostAuthorProps) {
  const name = displayName(post.user);
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)}>
      <Link href={`/profile/${post.userId}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar src={post.user.profileImageUrl} name={name} />
      </Link>
      <div className="min-w-0 leading-tight">
        <Link
          href={`/profile/${post.userId}`}
          className="block truncate text-sm font-semibold hover:underline hover:underline-offset-2"
        >
          {name}
        </Link>
        <time
          dateTime={post.createdAt}
          title={formatFullDate(post.createdAt)}
          className="text-xs text-muted-foreground"
        >
          {date}
        </time>
      </div>
    </div>
  );
}

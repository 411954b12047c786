import { Link } from 'wouter';
import type { Post } from '@shared/contract/posts';
import { displayName } from '@shared/domain/display-name';
import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import { formatFullDate } from '@client/lib/format';
import { cn } from '@client/lib/utils';
import type { RenderAuthorName } from '../lib/post-labels';

interface PostAuthorProps {
  post: Post;
  /** The date as shown: relative, or a date for older posts. */
  date: string;
  /** Draws the name instead of a plain link to the profile. */
  renderName?: RenderAuthorName;
  className?: string;
}

/**
 * Avatar, name (linking to `/profile/{userId}`, spec §2, or as the page draws it) and when it was posted; a post of
 * a person of another server (issue 28) names them as `@user@host`, linking to the original there.
 */
export function PostAuthor({ post, date, renderName, className }: PostAuthorProps) {
  const name = displayName(post.user);
  const nameClasses =
    'block max-w-full cursor-pointer truncate text-sm font-semibold hover:underline hover:underline-offset-2';
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)}>
      <Link href={`/profile/${post.userId}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar src={post.user.profileImageUrl} name={name} framing={pictureFraming(post.user)} />
      </Link>
      <div className="min-w-0 leading-tight">
        {renderName ? (
          renderName(post.user, nameClasses)
        ) : (
          <Link href={`/profile/${post.userId}`} className={nameClasses}>
            {name}
          </Link>
        )}
        <time
          dateTime={post.createdAt}
          title={formatFullDate(post.createdAt)}
          className="text-xs text-muted-foreground"
        >
          {date}
        </time>
        {post.originalUrl && (
          <a
            href={post.originalUrl}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="block truncate text-xs text-muted-foreground underline-offset-2 hover:underline"
          >
            @{post.user.username} · original
          </a>
        )}
      </div>
    </div>
  );
}

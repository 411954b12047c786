import { CheckCheck, EyeOff, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Post } from '@shared/contract/posts';
import { displayName } from '@shared/domain/display-name';
import { Badge } from '@client/components/ui/badge';
import { formatDuration, formatShortDate } from '@client/lib/format';
import { cn } from '@client/lib/utils';
import { postArtGradient } from '@shared/domain/post-art';
import { postTitle, postTypeLabel, type RenderAuthorName, type RenderPlayer } from '../lib/post-labels';
import { PostArt } from './post-art';
import { PostMenu } from './post-menu';

interface PostCardCompactProps {
  post: Post;
  currentUserId?: string | null;
  renderPlayer: RenderPlayer;
  /** Opens the modal detail view. */
  onOpen: (post: Post) => void;
  onExtend?: (post: Post) => void;
  /** Reactions with their counts under the title; composed by the page (features do not import each other). */
  renderActions?: (post: Post) => ReactNode;
  /** The author's name (a link to their profile); a profile's own grid leaves it out. */
  showAuthor?: boolean;
  /** Draws the author's name (a profile popup), composed by the page. */
  renderAuthorName?: RenderAuthorName;
  className?: string;
}

/**
 * The square compact card (spec §2): artwork (or a gradient) with the compact player laid over it, then the
 * title (or "Untitled Post"), author and a numeric date, and the page's actions (like and dislike). The title opens
 * the modal detail view. A narrow card puts the actions on a line of their own; a wide one beside the date.
 */
export function PostCardCompact({
  post,
  currentUserId,
  renderPlayer,
  onOpen,
  onExtend,
  renderActions,
  showAuthor = true,
  renderAuthorName,
  className,
}: PostCardCompactProps) {
  const title = postTitle(post);
  const authorClasses =
    'min-w-0 flex-1 cursor-pointer truncate text-left hover:text-foreground hover:underline hover:underline-offset-2';
  const isOwner = Boolean(currentUserId) && currentUserId === post.userId;
  return (
    <article aria-label={title} className={cn('group min-w-0', className)}>
      <div
        className="relative aspect-square overflow-hidden rounded-3xl shadow-soft transition-shadow group-hover:shadow-lifted"
        style={{ backgroundImage: postArtGradient(post.id) }}
        onClick={() => onOpen(post)}
      >
        {post.imageUrl ? (
          <img
            src={post.imageUrl}
            alt=""
            loading="lazy"
            className="absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          />
        ) : (
          <PostArt post={post} />
        )}
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-linear-to-t from-black/75 via-black/15 to-black/10"
        />
        <div className="absolute inset-x-3 top-3 flex items-start justify-between gap-2">
          <div className="flex min-w-0 flex-wrap gap-1">
            <Badge variant="overlay">{postTypeLabel(post.type)}</Badge>
            {post.isPrivate && (
              <Badge variant="overlay" title="Private" className="px-1.5">
                <Lock aria-hidden="true" />
                <span className="sr-only">Private</span>
              </Badge>
            )}
            {post.listening?.heard && (
              <Badge variant="overlay" title="Heard" className="px-1.5">
                <CheckCheck aria-hidden="true" />
                <span className="sr-only">Heard</span>
              </Badge>
            )}
            {post.hiddenByModerators && (
              <Badge variant="overlay" title="Hidden by moderators" className="px-1.5">
                <EyeOff aria-hidden="true" />
                <span className="sr-only">Hidden by moderators</span>
              </Badge>
            )}
          </div>
          <div onClick={(event) => event.stopPropagation()}>
            <PostMenu
              post={post}
              isOwner={isOwner}
              onExtend={onExtend}
              includeShare
              appearance="overlay"
              className="-mr-1 -mt-1"
            />
          </div>
        </div>
        <div className="absolute inset-x-0 bottom-0 p-3 sm:p-4" onClick={(event) => event.stopPropagation()}>
          {renderPlayer(post, { variant: 'compact', appearance: 'overlay' })}
        </div>
      </div>
      <div className="@container mt-2.5 px-1">
        <h3 className="text-[0.95rem] font-semibold leading-snug">
          <button
            type="button"
            onClick={() => onOpen(post)}
            className="line-clamp-2 cursor-pointer text-left hover:underline hover:underline-offset-2"
          >
            {title}
          </button>
        </h3>
        <div
          className={cn(
            'mt-1 flex gap-x-3 gap-y-2',
            showAuthor ? 'flex-col @2xs:flex-row @2xs:items-center' : 'items-center',
          )}
        >
          <p className="flex min-w-0 flex-1 items-center gap-2 text-xs text-muted-foreground">
            {showAuthor &&
              (renderAuthorName ? (
                renderAuthorName(post.user, authorClasses)
              ) : (
                <Link href={`/profile/${post.userId}`} className={authorClasses}>
                  {displayName(post.user)}
                </Link>
              ))}
            <span className="sr-only">{`${showAuthor ? ', ' : ''}${formatDuration(post.duration)}, `}</span>
            <time dateTime={post.createdAt} className="shrink-0 tabular-nums">
              {formatShortDate(post.createdAt)}
            </time>
          </p>
          {renderActions && <div className="shrink-0">{renderActions(post)}</div>}
        </div>
      </div>
    </article>
  );
}

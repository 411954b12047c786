import { CheckCheck, ExternalLink, EyeOff, Lock, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { formatPostDate } from '@client/lib/format';
import { cn } from '@client/lib/utils';
import { useCopyPostLink } from '../hooks/use-copy-post-link';
import { postTitle, postTypeLabel, type RenderAuthorName, type RenderPlayer } from '../lib/post-labels';
import { PostAuthor } from './post-author';
import { PostMenu } from './post-menu';

export interface PostCardProps {
  post: Post;
  currentUserId?: string | null;
  renderPlayer: RenderPlayer;
  onExtend?: (post: Post) => void;
  onDeleted?: (post: Post) => void;
  /** Reactions, replies and the like, under the player; composed by the page (features do not import each other). */
  renderActions?: (post: Post) => ReactNode;
  /** Draws the author's name (a profile popup), composed by the page. */
  renderAuthorName?: RenderAuthorName;
  /** Draws the title; a dialog passes its DialogTitle. */
  renderTitle?: (title: string, className: string) => ReactNode;
  /** Inside a dialog or page section: no card frame of its own. */
  bare?: boolean;
  /** Options for the full player, e.g. the transcript open on the post's own page. */
  playerOptions?: { transcriptOpen?: boolean };
  className?: string;
}

/** The full post card (spec §2): author, date, title, the full player, owner menu and share. */
export function PostCard({
  post,
  currentUserId,
  renderPlayer,
  onExtend,
  onDeleted,
  renderActions,
  renderAuthorName,
  renderTitle,
  bare = false,
  playerOptions,
  className,
}: PostCardProps) {
  const copyLink = useCopyPostLink();
  const isOwner = Boolean(currentUserId) && currentUserId === post.userId;
  const title = postTitle(post);
  const titleClasses = 'text-xl font-bold leading-snug tracking-tight text-balance';

  return (
    <article
      aria-label={title}
      className={cn(!bare && 'rounded-3xl border bg-card p-5 shadow-soft sm:p-6', 'space-y-5', className)}
    >
      <header className={cn('flex items-start justify-between gap-3', bare && 'pr-10')}>
        <PostAuthor post={post} date={formatPostDate(post.createdAt)} renderName={renderAuthorName} />
        <div className="-mr-1.5 -mt-1 flex shrink-0 items-center gap-0.5">
          <Tooltip>
            <TooltipTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="size-9"
                aria-label="Copy link"
                onClick={() => void copyLink(post.id)}
              >
                <Share2 aria-hidden="true" />
              </Button>
            </TooltipTrigger>
            <TooltipContent>Copy link</TooltipContent>
          </Tooltip>
          <PostMenu post={post} isOwner={isOwner} onExtend={onExtend} onDeleted={onDeleted} />
        </div>
      </header>

      <div className="flex gap-4">
        {post.imageUrl && (
          <img
            src={post.imageUrl}
            alt=""
            className="size-20 shrink-0 rounded-2xl object-cover shadow-soft sm:size-24"
            loading="lazy"
          />
        )}
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant={post.type === 'episode' ? 'solid' : 'default'}>{postTypeLabel(post.type)}</Badge>
            {post.category && <Badge variant="outline">{post.category}</Badge>}
            {post.isPrivate && (
              <Badge variant="secondary">
                <Lock aria-hidden="true" />
                Private
              </Badge>
            )}
            {post.listening?.heard && (
              <Badge variant="secondary">
                <CheckCheck aria-hidden="true" />
                Heard
              </Badge>
            )}
            {post.hiddenByModerators && (
              <Badge variant="outline" className="border-destructive/50 text-destructive dark:text-red-400">
                <EyeOff aria-hidden="true" />
                Hidden by moderators
              </Badge>
            )}
          </div>
          {renderTitle ? renderTitle(title, titleClasses) : <h3 className={titleClasses}>{title}</h3>}
        </div>
      </div>

      {renderPlayer(post, { variant: 'full', ...playerOptions })}
      {renderActions?.(post)}

      {post.affiliateLink && (
        <a
          href={post.affiliateLink}
          target="_blank"
          rel="noopener noreferrer sponsored"
          className="flex items-center justify-between gap-3 rounded-2xl border px-4 py-3 text-sm font-semibold transition-colors hover:bg-secondary"
        >
          <span className="truncate">{post.affiliateLinkTitle || post.affiliateLink}</span>
          <ExternalLink aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        </a>
      )}
    </article>
  );
}

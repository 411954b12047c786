import { Check, Flag, Mail, Trash2, X } from 'lucide-react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Link } from 'wouter';
import type { Comment } from '@shared/contract/social';
import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { requestPlay } from '@client/lib/audio/play-queue';
import { replyPlayRequestTaken, requestPostSeek, useRequestedReply } from '@client/lib/audio/post-moments';
import { formatDuration, formatFullDate, formatRelativeTime } from '@client/lib/format';
import { commentAuthorName } from '../lib/comments';

interface CommentItemProps {
  comment: Comment;
  player: ReactNode;
  canDelete: boolean;
  onDelete: (comment: Comment) => void;
  /** Someone signed in who did not record it may report it (issue 17). */
  onReport?: (comment: Comment) => void;
  /** The post's owner, for a held visitor reply: Approve or Reject. */
  onReview?: (comment: Comment, decision: 'approve' | 'reject') => void;
}

/** One voice reply: who (a member's profile link, or the visitor's name), when (spec §9), and its player. */
export function CommentItem({ comment, player, canDelete, onDelete, onReport, onReview }: CommentItemProps) {
  const name = commentAuthorName(comment);
  const author = comment.user;
  const item = useRef<HTMLLIElement>(null);
  usePlayWhenRequested(comment.id, item);
  return (
    <li ref={item} className="space-y-2 py-4 first:pt-1 last:pb-1">
      <div className="flex items-center gap-3">
        {author ? (
          <Link href={`/profile/${author.id}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
            <Avatar
              src={author.profileImageUrl}
              name={name}
              framing={pictureFraming(author)}
              className="size-9 text-xs"
            />
          </Link>
        ) : (
          <Avatar src={null} name={name} className="size-9 bg-secondary text-xs text-secondary-foreground" />
        )}
        <div className="flex min-h-9 min-w-0 flex-1 items-center gap-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2 gap-y-0.5">
            {author ? (
              <Link
                href={`/profile/${author.id}`}
                className="truncate text-sm font-semibold hover:underline hover:underline-offset-2"
              >
                {name}
              </Link>
            ) : (
              <span className="truncate text-sm font-semibold">{name}</span>
            )}
            {!author && (
              <Badge variant="outline" className="self-center py-0 text-[0.7rem]">
                Visitor
              </Badge>
            )}
            <time
              dateTime={comment.createdAt}
              title={formatFullDate(comment.createdAt)}
              className="text-xs text-muted-foreground"
            >
              {formatRelativeTime(comment.createdAt)}
            </time>
            {comment.at !== null && <MomentLink postId={comment.postId} at={comment.at} />}
            {comment.awaitingApproval && (
              <Badge variant="secondary" className="self-center py-0 text-[0.7rem]">
                Awaiting approval
              </Badge>
            )}
            {comment.hiddenByModerators && (
              <Badge
                variant="outline"
                className="self-center border-destructive/50 py-0 text-[0.7rem] text-destructive dark:text-red-400"
              >
                Hidden by moderators
              </Badge>
            )}
          </div>
          {onReport && (
            <Tooltip>
              <TooltipTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  className="-my-1 size-9 text-muted-foreground"
                  aria-label={`Report reply from ${name}`}
                  onClick={() => onReport(comment)}
                >
                  <Flag aria-hidden="true" className="size-4!" />
                </Button>
              </TooltipTrigger>
              <TooltipContent>Report</TooltipContent>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip>
              <TooltipTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  className="-my-1 -mr-2 size-9 text-muted-foreground hover:text-destructive dark:hover:text-red-400"
                  aria-label={`Delete reply from ${name}`}
                  onClick={() => onDelete(comment)}
                >
                  <Trash2 aria-hidden="true" className="size-4!" />
                </Button>
              </TooltipTrigger>
              <TooltipContent>Delete reply</TooltipContent>
            </Tooltip>
          )}
        </div>
      </div>
      {/* Under the name on large screens; the full width on phones, where every pixel of waveform counts. */}
      <div className="space-y-2 sm:pl-12">
        {player}
        {comment.awaitingApproval && onReview && (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => onReview(comment, 'approve')}>
              <Check aria-hidden="true" />
              Approve
            </Button>
            <Button size="sm" variant="outline" onClick={() => onReview(comment, 'reject')}>
              <X aria-hidden="true" />
              Reject
            </Button>
          </div>
        )}
        {comment.visitorEmail && (
          <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
            <Mail aria-hidden="true" className="size-3.5" />
            <a
              href={`mailto:${comment.visitorEmail}`}
              className="font-medium text-foreground underline-offset-2 hover:underline"
            >
              {comment.visitorEmail}
            </a>
            <span>· only you can see this</span>
          </p>
        )}
      </div>
    </li>
  );
}

/** "at 1:13": the reply answers that moment of the post, and this plays the post from there (issue 29). */
function MomentLink({ postId, at }: { postId: string; at: number }) {
  const time = formatDuration(at);
  return (
    <button
      type="button"
      title={`Play the post from ${time}`}
      onClick={() => requestPostSeek(postId, at)}
      className="cursor-pointer rounded-full bg-highlight/20 px-2 text-xs font-semibold tabular-nums text-foreground underline-offset-2 hover:underline"
    >
      at {time}
    </button>
  );
}

/** A mark on the post's waveform asked for this reply: it comes into view and plays in its own player. */
function usePlayWhenRequested(commentId: string, item: RefObject<HTMLLIElement | null>) {
  const requested = useRequestedReply();
  useEffect(() => {
    if (requested?.commentId !== commentId) return;
    replyPlayRequestTaken();
    item.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    const audio = item.current?.querySelector('audio');
    // Just mounted (the thread opened for it), the player takes requests from its next render on.
    if (audio) requestAnimationFrame(() => requestPlay(audio));
  }, [requested, commentId, item]);
}

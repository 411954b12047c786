import { ChevronDown, LogIn, MessageCircle } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import type { Comment } from '@shared/contract/social';
import { RetryButton } from '@client/components/retry-button';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import type { PlayablePost } from '@client/lib/playable-post';
import { SIGN_IN_URL } from '@client/lib/session';
import { useAuth } from '@client/lib/use-auth';
import { cn } from '@client/lib/utils';
import { useComments, useDeleteComment, useReviewComment } from '../api/comments';
import { canDeleteComment, commentAsPlayable, commentAuthorName, repliesLabel } from '../lib/comments';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';
import { ReportDialog } from '@client/components/report-dialog';

export interface VoiceCommentThreadProps {
  post: Pick<Post, 'id' | 'userId' | 'allowVisitorComments'>;
  /**
   * Draws one comment's player. Mount the shared player here so replies play one at a time with everything else:
   * `renderPlayer={(comment) => <AudioPlayer post={comment} variant="compact" waveformHeight={40} />}`.
   */
  renderPlayer: (comment: PlayablePost, source: Comment) => ReactNode;
  /** Cards: starts closed, and the comments are fetched only once opened (spec §7). The post page: always open. */
  collapsible?: boolean;
  defaultOpen?: boolean;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/**
 * Spec §2/§4/§5: the voice replies of a post. Members record and post a reply; signed-out visitors may too where
 * the owner allowed it (with "Tell us who you are"), and are offered sign-in elsewhere. "(N replies)", newest
 * first, each with its own player; the reply's author and the post's owner can delete it.
 */
export function VoiceCommentThread({
  post,
  renderPlayer,
  collapsible = false,
  defaultOpen = false,
  headingLevel = 2,
  className,
}: VoiceCommentThreadProps) {
  const id = useId();
  const { user, isLoading: sessionLoading } = useAuth();
  const [open, setOpen] = useState(!collapsible || defaultOpen);
  const comments = useComments(post.id, open);
  const deleteComment = useDeleteComment(post.id);
  const [confirming, setConfirming] = useState<Comment | null>(null);
  const [reporting, setReporting] = useState<Comment | null>(null);
  const review = useReviewComment(post.id);
  const Heading = `h${headingLevel}` as const;

  const count = comments.data?.length;
  const countLabel = count === undefined ? null : repliesLabel(count);
  const asVisitor = !user && post.allowVisitorComments;

  const title = (
    <>
      <MessageCircle aria-hidden="true" className="size-5 text-accent-foreground" />
      <span>Voice replies</span>
      {countLabel && (
        <span data-testid="reply-count" className="text-sm font-medium text-muted-foreground tabular-nums">
          {countLabel}
        </span>
      )}
    </>
  );

  return (
    <section aria-labelledby={`${id}-heading`} data-voice-thread="" className={cn('space-y-4', className)}>
      <Heading id={`${id}-heading`} className="text-lg font-semibold tracking-tight">
        {collapsible ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-body`}
            onClick={() => setOpen((value) => !value)}
            className="-mx-2 flex w-[calc(100%+1rem)] cursor-pointer items-center gap-2 rounded-xl px-2 py-1 text-left transition-colors hover:bg-secondary/70"
          >
            {title}
            <ChevronDown
              aria-hidden="true"
              className={cn(
                'ml-auto size-5 text-muted-foreground transition-transform',
                open && 'rotate-180',
              )}
            />
          </button>
        ) : (
          <span className="flex items-center gap-2">{title}</span>
        )}
      </Heading>

      {open && (
        <div id={`${id}-body`} className="space-y-4">
          {sessionLoading ? null : user || asVisitor ? (
            <CommentComposer postId={post.id} asVisitor={asVisitor} />
          ) : (
            <SignInToReply />
          )}

          {comments.isPending ? (
            <ThreadSkeleton />
          ) : comments.isError ? (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-secondary/60 px-4 py-3"
            >
              <p className="text-sm text-muted-foreground">We couldn’t load the replies.</p>
              <RetryButton size="sm" onRetry={() => void comments.refetch()} retrying={comments.isFetching} />
            </div>
          ) : comments.data.length === 0 ? (
            <p className="px-1 text-sm text-muted-foreground">No voice replies yet. Be the first to reply.</p>
          ) : (
            <ul aria-label="Voice replies, newest first" className="divide-y">
              {comments.data.map((comment) => (
                <CommentItem
                  key={comment.id}
                  comment={comment}
                  player={renderPlayer(commentAsPlayable(comment), comment)}
                  canDelete={canDeleteComment(comment, post, user?.id)}
                  onDelete={setConfirming}
                  onReport={user && comment.user?.id !== user.id ? setReporting : undefined}
                  onReview={
                    user?.id === post.userId
                      ? (held, decision) => review.mutate({ commentId: held.id, decision })
                      : undefined
                  }
                />
              ))}
            </ul>
          )}
        </div>
      )}

      {reporting && (
        <ReportDialog
          open
          onOpenChange={(value) => !value && setReporting(null)}
          targetKind="comment"
          targetId={reporting.id}
        />
      )}

      <Dialog open={confirming !== null} onOpenChange={(value) => !value && setConfirming(null)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Delete this voice reply?</DialogTitle>
            <DialogDescription>
              {confirming
                ? `The reply from ${commentAuthorName(confirming)} will be removed for everyone. This can’t be undone.`
                : null}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              disabled={deleteComment.isPending}
              onClick={() => {
                if (!confirming) return;
                deleteComment.mutate(confirming.id, { onSettled: () => setConfirming(null) });
              }}
            >
              {deleteComment.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}

/** Spec §5: signed out on a post that takes members' replies only. */
function SignInToReply() {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-3xl border border-dashed bg-card/60 p-4">
      <span
        aria-hidden="true"
        className="grid size-11 shrink-0 place-items-center rounded-full bg-accent text-accent-foreground"
      >
        <MessageCircle className="size-5" />
      </span>
      <p className="min-w-0 flex-1 basis-48 text-sm text-muted-foreground">
        <span className="block font-semibold text-foreground">Join the conversation</span>
        Replies here are from members. It takes a minute to join.
      </p>
      <Button asChild size="sm">
        <a href={SIGN_IN_URL}>
          <LogIn aria-hidden="true" />
          Sign in to reply
        </a>
      </Button>
    </div>
  );
}

function ThreadSkeleton() {
  return (
    <div role="status" aria-label="Loading replies" className="space-y-5 py-1">
      {[0, 1].map((row) => (
        <div key={row} className="flex gap-3">
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-32 rounded-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

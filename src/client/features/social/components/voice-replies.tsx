import { LogIn, MessageCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import type { Comment } from '@shared/contract/social';
import { ReportDialog } from '@client/components/report-dialog';
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
import type { PlayablePost } from '@client/lib/playable-post';
import { SIGN_IN_URL } from '@client/lib/session';
import { useAuth } from '@client/lib/use-auth';
import { useComments, useDeleteComment, useReviewComment } from '../api/comments';
import { canDeleteComment, commentAsPlayable, commentAuthorName } from '../lib/comments';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';
import { ThreadSkeleton } from './thread-skeleton';
import { homeServerOf } from '@shared/domain/home-server';

interface VoiceRepliesProps {
  /** The body's element id, which the thread's toggle controls. */
  id: string;
  post: Pick<Post, 'id' | 'userId' | 'allowVisitorComments'>;
  renderPlayer: (comment: PlayablePost, source: Comment) => ReactNode;
}
/**
 * The open thread: the composer (or the invitation to sign in), the replies and their dialogs. It loads when a
 * thread is first opened, so the recorder and the dialogs stay out of the first screen's code.
 */
export function VoiceReplies({ id, post, renderPlayer }: VoiceRepliesProps) {
  const { user, isLoading: sessionLoading } = useAuth();
  const comments = useComments(post.id, true);
  const deleteComment = useDeleteComment(post.id);
  const [confirming, setConfirming] = useState<Comment | null>(null);
  const [reporting, setReporting] = useState<Comment | null>(null);
  const review = useReviewComment(post.id);
  const asVisitor = !user && post.allowVisitorComments;
  return (
    <>
      <div id={id} className="space-y-4">
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

      {reporting && (
        <ReportDialog
          open
          onOpenChange={(value) => !value && setReporting(null)}
          targetKind="comment"
          targetId={reporting.id}
          homeServer={homeServerOf(reporting.user?.username)}
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
    </>
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

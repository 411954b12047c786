import { ChevronDown, MessageCircle } from 'lucide-react';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import type { Comment } from '@shared/contract/social';
import type { PlayablePost } from '@client/lib/playable-post';
import { useRequestedReply } from '@client/lib/audio/post-moments';
import { cn } from '@client/lib/utils';
import { useComments } from '../api/comments';
import { repliesLabel } from '../lib/comments';
import { ThreadSkeleton } from './thread-skeleton';

// The composer, the replies and their dialogs load when a thread is first opened.
const VoiceReplies = lazy(() =>
  import('./voice-replies').then((module) => ({ default: module.VoiceReplies })),
);

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
  const [open, setOpen] = useState(!collapsible || defaultOpen);
  // A mark on the post's waveform asked for one of its replies: the thread opens to play it.
  const requestedReply = useRequestedReply();
  if (!open && requestedReply?.postId === post.id) setOpen(true);
  const comments = useComments(post.id, open);
  const Heading = `h${headingLevel}` as const;

  const count = comments.data?.length;
  const countLabel = count === undefined ? null : repliesLabel(count);

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
        <Suspense fallback={<ThreadSkeleton />}>
          <VoiceReplies id={`${id}-body`} post={post} renderPlayer={renderPlayer} />
        </Suspense>
      )}
    </section>
  );
}

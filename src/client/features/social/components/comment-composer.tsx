import { Mic, MessageCircle, Send, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { COMMENT_MAX_SECONDS } from '@shared/domain/social';
import { LiveRecordingMeter, StopRecordingButton } from '@client/components/live-recording-meter';
import { Button } from '@client/components/ui/button';
import { Progress } from '@client/components/ui/progress';
import { isRecordingSupported } from '@client/lib/audio/recording-support';
import { useRecordedTake } from '@client/lib/audio/use-recorded-take';
import { useStopAtLimit } from '@client/lib/audio/use-stop-at-limit';
import { useTakeAnnouncer } from '@client/lib/audio/use-take-announcer';
import { usePausedMoment, useReplyAtMomentRequests } from '@client/lib/audio/post-moments';
import { formatDuration } from '@client/lib/format';
import { toast } from '@client/lib/use-toast';
import { cn } from '@client/lib/utils';
import { useCommentUpload } from '../api/comments';
import { useVisitorIdentity } from '../hooks/use-visitor-identity';
import { looksLikeEmail, visitorDetailsMissing } from '../lib/comments';
import { TakePreview } from './take-preview';
import { VisitorDetailsForm } from './visitor-details-form';

const ANNOUNCEMENTS = {
  recording: 'Recording your reply',
  ready: (length: string) => `Your reply is ready: ${length}. Listen to it, then post it.`,
};

/** Spec §4 comment flow: idle → recording → comment ready → posting → reset. */
export type ComposerPhase = 'idle' | 'recording' | 'ready' | 'posting';

interface CommentComposerProps {
  postId: string;
  /** Signed out on a post that takes visitors' comments (spec §5): a name (and e-mail) go with the reply. */
  asVisitor: boolean;
}

/** Records a voice reply, lets the person hear it, and posts it. */
export function CommentComposer({ postId, asVisitor }: CommentComposerProps) {
  const recordButton = useRef<HTMLButtonElement>(null);
  const postButton = useRef<HTMLButtonElement>(null);
  const { identity, setIdentity, remember } = useVisitorIdentity();
  const [visitorFormShown, setVisitorFormShown] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  /** After a press that stopped at the visible form, blank fields say what they need. */
  const [showMissing, setShowMissing] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);

  const replyAtButton = useRef<HTMLButtonElement>(null);
  // Where the post's player stands paused: a reply may answer that moment (issue 29), kept once recording starts.
  const pausedAt = usePausedMoment(postId);
  const [anchor, setAnchor] = useState<number | null>(null);
  const [replyAtRequest, setReplyAtRequest] = useState(0);
  const answeredReplyAtRequest = useRef(0);
  useReplyAtMomentRequests(postId, () => setReplyAtRequest((count) => count + 1));

  const comments = useCommentUpload(postId);
  const takes = useRecordedTake({
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Recording Error', description: error.message }),
    upload: (recorded, onProgress) =>
      comments.upload(recorded, { visitor: asVisitor ? identity : undefined, at: anchor }, onProgress),
    onUploaded: (comment) => {
      comments.onPosted(comment);
      setAnchor(null);
      if (asVisitor) remember(identity);
      setVisitorFormShown(false);
      setShowMissing(false);
      // The toast says "Your voice comment has been posted!" to everyone, screen readers included.
      announce('');
    },
    onUploadFailed: comments.onFailed,
  });
  const { recorder, take, progress } = takes;
  const { announcement, announce, start, stop } = useTakeAnnouncer(takes, ANNOUNCEMENTS);

  // A posted take is done with: the composer starts over.
  const phase: ComposerPhase =
    takes.phase === 'uploading'
      ? 'posting'
      : takes.phase === 'recording'
        ? 'recording'
        : takes.phase === 'recorded' || takes.phase === 'failed'
          ? 'ready'
          : 'idle';

  useStopAtLimit(recorder, COMMENT_MAX_SECONDS, stop);

  // Focus follows the flow: to Post once a take is ready, back to Record after a reset.
  const previousPhase = useRef<ComposerPhase>(phase);
  useEffect(() => {
    const before = previousPhase.current;
    previousPhase.current = phase;
    if (before === phase) return;
    if (phase === 'ready' && before === 'recording') postButton.current?.focus();
    if (phase === 'idle' && (before === 'posting' || before === 'ready')) recordButton.current?.focus();
  }, [phase]);

  // A word's "Reply here" brings the offer to reply at it into view, once the player has stopped there.
  useEffect(() => {
    if (replyAtRequest === answeredReplyAtRequest.current || pausedAt === null || phase !== 'idle') return;
    answeredReplyAtRequest.current = replyAtRequest;
    replyAtButton.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    replyAtButton.current?.focus({ preventScroll: true });
  }, [replyAtRequest, pausedAt, phase]);

  const record = (at: number | null) => {
    setAnchor(at);
    void start();
  };

  const discard = () => {
    takes.discard();
    setAnchor(null);
    announce('Reply discarded');
  };

  const post = () => {
    if (!take || phase !== 'ready') return;
    if (asVisitor) {
      // Spec §5: with the name or the e-mail blank, the first press reveals "Tell us who you are" and stops.
      if (visitorDetailsMissing(identity)) {
        if (visitorFormShown) setShowMissing(true);
        setVisitorFormShown(true);
        setFocusRequest((value) => value + 1);
        return;
      }
      if (!looksLikeEmail(identity.email)) {
        setVisitorFormShown(true);
        setEmailError('Enter a valid e-mail address.');
        setFocusRequest((value) => value + 1);
        return;
      }
    }
    setEmailError(null);
    takes.upload(take);
  };

  if (!isRecordingSupported()) {
    return (
      <p className="rounded-2xl border border-dashed px-4 py-5 text-center text-sm text-muted-foreground">
        Audio recording is not supported in this browser
      </p>
    );
  }

  const percent = progress && progress.total > 0 ? (progress.loaded / progress.total) * 100 : null;
  const identityComplete = asVisitor && !visitorDetailsMissing(identity) && !visitorFormShown;

  return (
    <div
      data-phase={phase}
      className={cn(
        'rounded-3xl border bg-card p-3 shadow-soft transition-colors sm:p-4',
        phase === 'recording' && 'border-destructive/40 ring-4 ring-destructive/10',
      )}
    >
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      {phase === 'idle' && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <button
            ref={recordButton}
            type="button"
            onClick={() => record(null)}
            className="group flex min-w-0 flex-1 basis-60 cursor-pointer items-center gap-3 rounded-2xl p-1 pr-3 text-left transition-colors hover:bg-secondary/70"
          >
            <span
              aria-hidden="true"
              className="grid size-11 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground shadow-soft transition-transform group-hover:scale-105 group-active:scale-95"
            >
              <Mic className="size-5" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold">Record a voice reply</span>
              <span className="block truncate text-xs text-muted-foreground">
                {asVisitor ? 'No account needed · up to 5 minutes' : 'Reply by voice · up to 5 minutes'}
              </span>
            </span>
          </button>
          {pausedAt !== null && (
            <Button ref={replyAtButton} variant="outline" size="sm" onClick={() => record(pausedAt)}>
              <MessageCircle aria-hidden="true" />
              Reply at {formatDuration(pausedAt)}
            </Button>
          )}
        </div>
      )}

      {phase === 'recording' && (
        <div className="flex items-center gap-2 sm:gap-3">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Cancel recording"
            title="Cancel recording"
            onClick={() => {
              takes.cancel();
              announce('Recording cancelled');
            }}
          >
            <X aria-hidden="true" />
          </Button>
          <LiveRecordingMeter
            stream={recorder.stream}
            elapsedSeconds={recorder.elapsedSeconds}
            onSample={takes.addLevel}
          />
          <StopRecordingButton onStop={() => void stop()} disabled={recorder.status !== 'recording'} />
        </div>
      )}

      {(phase === 'ready' || phase === 'posting') && take && (
        <div className="space-y-4">
          <TakePreview blob={take.blob} seconds={take.seconds} levels={take.levels} />

          {asVisitor && visitorFormShown && (
            <VisitorDetailsForm
              identity={identity}
              onChange={(next) => {
                setIdentity(next);
                if (emailError) setEmailError(null);
              }}
              focusRequest={focusRequest}
              showMissing={showMissing}
              emailError={emailError}
              disabled={phase === 'posting'}
            />
          )}

          {phase === 'posting' && (
            <Progress
              value={percent}
              valueText={percent === null ? 'Posting' : `${Math.round(percent)}% sent`}
              aria-label="Posting your reply"
              className="h-1.5"
            />
          )}

          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 text-xs text-muted-foreground">
              {identityComplete ? (
                <>
                  Replying as <span className="font-semibold text-foreground">{identity.name.trim()}</span> ·{' '}
                  <button
                    type="button"
                    className="cursor-pointer font-semibold text-accent-foreground underline-offset-2 hover:underline"
                    onClick={() => {
                      setVisitorFormShown(true);
                      setFocusRequest((value) => value + 1);
                    }}
                  >
                    Change
                  </button>
                </>
              ) : (
                `Voice reply${anchor === null ? '' : ` at ${formatDuration(anchor)}`} · ${formatDuration(take.seconds)}`
              )}
            </p>
            <div className="ml-auto flex items-center gap-2">
              <Button variant="ghost" size="sm" onClick={discard} disabled={phase === 'posting'}>
                <Trash2 aria-hidden="true" />
                Discard
              </Button>
              <Button
                ref={postButton}
                size="sm"
                onClick={post}
                aria-disabled={phase === 'posting' || undefined}
                className="min-w-24 aria-disabled:cursor-wait aria-disabled:opacity-70"
              >
                <Send aria-hidden="true" />
                {phase === 'posting' ? 'Posting...' : 'Post'}
              </Button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

import { History, LoaderCircle, Pause, Play, RotateCcw } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Chapter } from '@shared/contract/posts';
import { displayName } from '@shared/domain/display-name';
import { formatDuration } from '@client/lib/format';
import type { PlayablePost } from '@client/lib/playable-post';
import { SkippedSilenceNote, SkipSilenceToggle } from '@client/components/skip-silence';
import { skippedSilenceText } from '@client/lib/audio/silence-skipping';
import { cn } from '@client/lib/utils';
import { useAudioPlayer, type AudioPlayer } from '../hooks/use-audio-player';
import { SKIP_SECONDS } from '../hooks/use-media-session';
import { PLAYBACK_MESSAGES } from '../hooks/player-status';
import { useCopyMomentLink } from '../hooks/use-copy-moment-link';
import { useReplyMoments } from '../hooks/use-reply-moments';

export type PlayerState = Omit<AudioPlayer, 'attachAudio'>;
import { useWaveformBars } from '../hooks/use-waveform-bars';
import { ChapterList } from './chapter-list';
import { ReplyMarks, type ReplyMark } from './reply-marks';
import { WaveformCanvas } from './waveform-canvas';

const PlayerControls = lazy(() =>
  import('./player-controls').then((module) => ({ default: module.PlayerControls })),
);
const PostSyncedTranscript = lazy(() =>
  import('./synced-transcript').then((module) => ({ default: module.PostSyncedTranscript })),
);

export interface AudioPlayerProps {
  post: PlayablePost;
  /** full: the post page and detail views; compact: cards (spec §9 height 60); mini: a play button alone. */
  variant?: 'full' | 'compact' | 'mini';
  /** overlay: light controls over artwork. */
  appearance?: 'default' | 'overlay';
  /** Full variant: the transcript starts open. */
  transcriptOpen?: boolean;
  showChapters?: boolean;
  /** The owner edits chapters (spec §6). */
  canEditChapters?: boolean;
  waveformHeight?: number;
  /** A published post: its listens are reported for its stats. */
  countListens?: boolean;
  /** Full variant of a published post: links to its moments, chapters and words can be copied. */
  shareMoments?: boolean;
  /** Seconds a link to a moment asked for (`?t=`): the player starts there. */
  startAt?: number | null;
  /** A signed-in listener of a published post: where they stop is kept for their other devices. */
  keepPosition?: boolean;
  /** A post (not a comment): its transcript's words are timed as the server has them, aligned where it could. */
  serverWordTimes?: boolean;
  /**
   * Full variant of a post whose replies are at hand: those anchored to a moment are marks on the waveform, and
   * the thread may reply where the player is paused (issue 29).
   */
  replies?: readonly ReplyMark[];
  className?: string;
}

/** Full and compact players for a post; only one plays at a time across the page. */
export function AudioPlayer({
  post,
  variant = 'full',
  appearance = 'default',
  transcriptOpen = false,
  showChapters = true,
  canEditChapters = false,
  waveformHeight,
  countListens = false,
  shareMoments = false,
  startAt = null,
  keepPosition = false,
  serverWordTimes = false,
  replies,
  className,
}: AudioPlayerProps) {
  const title = post.title.trim() || 'Untitled Post';
  const { attachAudio, ...player } = useAudioPlayer({
    id: post.id,
    audioUrl: post.audioUrl,
    audioSources: post.audioSources,
    duration: post.duration,
    speech: post.speech,
    title,
    artist: displayName(post.user),
    artworkUrl: post.imageUrl ?? post.user.profileImageUrl,
    preload: variant === 'full' ? 'metadata' : 'none',
    countListens,
    startAt: variant === 'full' ? startAt : null,
    positionOnServer: keepPosition ? { resumeAt: post.listening?.resumeAt ?? null } : undefined,
  });
  const copyMoment = useCopyMomentLink(post.id);
  const group = useRef<HTMLDivElement>(null);
  const moments = useReplyMoments(variant === 'full' && replies ? post.id : null, player, group);
  const waveform = useWaveformBars({
    waveformData: post.waveformData,
    peaksUrl: variant === 'mini' ? null : post.peaksUrl,
    audioUrl: variant === 'mini' ? null : player.src,
  });

  const audio = (
    <audio ref={attachAudio} src={player.src} preload={variant === 'full' ? 'metadata' : 'none'} />
  );

  /** Keyboard control while focus is in the player: arrows seek, Home/End jump, Space (off buttons) plays. */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, [role="slider"], [role="menu"]')) return;
    const step = event.shiftKey ? SKIP_SECONDS : 5;
    if (event.key === 'ArrowLeft') player.skip(-step);
    else if (event.key === 'ArrowRight') player.skip(step);
    else if (event.key === 'Home') player.seek(0);
    else if (event.key === 'End') player.seek(player.duration);
    else if ((event.key === ' ' || event.key === 'k') && target.tagName !== 'BUTTON') player.toggle();
    else return;
    event.preventDefault();
  };

  if (variant === 'mini') {
    return (
      <div className={className} onKeyDown={onKeyDown}>
        {audio}
        <PlayButton player={player} title={title} size="md" appearance={appearance} ring />
      </div>
    );
  }

  const wave = (
    <WaveformCanvas
      bars={waveform.bars}
      placeholder={waveform.placeholder}
      duration={player.duration}
      currentTime={player.currentTime}
      getCurrentTime={player.getCurrentTime}
      playing={player.isPlaying}
      onSeek={player.canPlay ? player.seek : undefined}
      onTogglePlay={player.toggle}
      height={waveformHeight ?? (variant === 'compact' ? 60 : 80)}
      appearance={appearance}
      label={`Seek ${title}`}
    />
  );

  if (variant === 'compact') {
    return (
      <div className={cn('flex items-center gap-3', className)} onKeyDown={onKeyDown}>
        {audio}
        <PlayButton player={player} title={title} size="md" appearance={appearance} />
        <div className="min-w-0 flex-1">
          {wave}
          <TimeRow player={player} appearance={appearance} compact />
        </div>
        <PlayerMessage player={player} appearance={appearance} className="sr-only" />
      </div>
    );
  }

  return (
    <div
      ref={group}
      role="group"
      aria-label={`Player: ${title}`}
      className={cn('space-y-3', className)}
      onKeyDown={onKeyDown}
    >
      {audio}
      <div className="flex items-center gap-4">
        <PlayButton player={player} title={title} size="lg" appearance={appearance} />
        <div className="min-w-0 flex-1 pt-1">
          {wave}
          <ChapterMarks chapters={post.chapters} duration={player.duration} onSeek={player.seek} />
          {replies && <ReplyMarks marks={replies} duration={player.duration} onPlay={moments.playReply} />}
          <TimeRow player={player} appearance={appearance} />
        </div>
      </div>
      <Suspense fallback={<div className="h-10" />}>
        <PlayerControls
          player={player}
          title={title}
          onCopyMoment={shareMoments ? () => void copyMoment(player.getCurrentTime()) : undefined}
        />
      </Suspense>
      <ResumeOffer player={player} className="gap-1.5 text-sm font-semibold text-primary" />
      <PlayerMessage player={player} appearance={appearance} />
      {showChapters && (post.chapters.length > 0 || canEditChapters) && (
        <ChapterList
          postId={post.id}
          chapters={post.chapters}
          duration={player.duration}
          currentTime={player.currentTime}
          onSeek={(seconds) => {
            player.seek(seconds);
            if (!player.isPlaying) void player.play();
          }}
          canEdit={canEditChapters}
          onCopyLink={
            shareMoments ? (chapter) => void copyMoment(chapter.time, `“${chapter.title}”`) : undefined
          }
        />
      )}
      {post.transcription?.trim() && (
        <TranscriptSection defaultOpen={transcriptOpen}>
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading transcript…</p>}>
            <PostSyncedTranscript
              postId={serverWordTimes ? post.id : null}
              audioUrl={post.audioUrl}
              text={post.transcription}
              duration={player.duration}
              currentTime={player.currentTime}
              onWordClick={(word) => player.seek(word.start)}
              onCopyWordLink={
                shareMoments ? (word) => void copyMoment(word.start, `“${word.text}”`) : undefined
              }
              onReplyAtWord={replies ? moments.replyAtWord : undefined}
            />
          </Suspense>
        </TranscriptSection>
      )}
    </div>
  );
}

function PlayButton({
  player,
  title,
  size,
  appearance,
  ring = false,
}: {
  player: PlayerState;
  title: string;
  size: 'md' | 'lg';
  appearance: 'default' | 'overlay';
  ring?: boolean;
}) {
  const playing = player.isPlaying || (player.isBuffering && player.status === 'loading');
  const label = `${playing ? 'Pause' : 'Play'} ${title}`;
  const Icon =
    player.isBuffering && player.status === 'loading'
      ? LoaderCircle
      : playing
        ? Pause
        : player.status === 'ended'
          ? RotateCcw
          : Play;
  const progress = player.duration > 0 ? player.currentTime / player.duration : 0;
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={!player.canPlay}
      onClick={player.toggle}
      className={cn(
        'relative grid shrink-0 cursor-pointer place-items-center rounded-full transition-[transform,background-color,box-shadow] active:scale-95 disabled:cursor-not-allowed disabled:opacity-50',
        size === 'lg' ? 'size-14' : 'size-11',
        appearance === 'overlay'
          ? 'bg-white text-stone-900 shadow-lifted hover:bg-white/90'
          : 'bg-primary text-primary-foreground shadow-soft hover:bg-primary/90 hover:shadow-lifted',
      )}
    >
      {ring && progress > 0 && (
        <svg aria-hidden="true" viewBox="0 0 44 44" className="absolute inset-0 size-full -rotate-90">
          <circle
            cx="22"
            cy="22"
            r="20.5"
            fill="none"
            strokeWidth="3"
            strokeLinecap="round"
            className={appearance === 'overlay' ? 'stroke-primary' : 'stroke-highlight'}
            strokeDasharray={`${progress * 128.8} 128.8`}
          />
        </svg>
      )}
      <Icon
        aria-hidden="true"
        className={cn(
          size === 'lg' ? 'size-6' : 'size-5',
          Icon === Play && 'translate-x-px fill-current',
          Icon === Pause && 'fill-current',
          Icon === LoaderCircle && 'animate-spin',
        )}
      />
    </button>
  );
}

function TimeRow({
  player,
  appearance,
  compact = false,
}: {
  player: PlayerState;
  appearance: 'default' | 'overlay';
  compact?: boolean;
}) {
  return (
    <div
      className={cn(
        'mt-1 flex items-center justify-between text-xs font-medium tabular-nums',
        appearance === 'overlay' ? 'text-white/85' : 'text-muted-foreground',
        compact && 'mt-0.5',
      )}
    >
      {compact && player.resumeOffer !== null && !player.isPlaying ? (
        <ResumeOffer player={player} className="gap-1 font-semibold" short />
      ) : (
        <span data-testid="player-current-time">{formatDuration(player.currentTime)}</span>
      )}
      <span className="flex min-w-0 items-center gap-1 px-1">
        {/* Cards have no room beside the waveform: their switch sits between the times. */}
        {compact && (
          <SkipSilenceToggle
            on={player.skipSilence}
            onToggle={player.toggleSkipSilence}
            appearance={appearance}
            compact
            className="-my-1 size-6 [&_svg]:size-4"
          />
        )}
        <SkippedSilenceNote
          seconds={player.skippedSilence}
          playing={player.isPlaying}
          announced={false}
          className={cn('truncate', appearance === 'overlay' && 'text-white/85')}
        />
      </span>
      <span>{formatDuration(player.duration)}</span>
    </div>
  );
}

/**
 * Before the first play, where pressing play will pick up (issue 29): pressing this does the same. `short` (a
 * card's time row) shows the time alone beside the resume icon.
 */
function ResumeOffer({
  player,
  className,
  short = false,
}: {
  player: PlayerState;
  className?: string;
  short?: boolean;
}) {
  if (player.resumeOffer === null || player.isPlaying) return null;
  const label = `Resume at ${formatDuration(player.resumeOffer)}`;
  return (
    <button
      type="button"
      onClick={() => void player.play()}
      aria-label={short ? label : undefined}
      title={short ? label : undefined}
      className={cn(
        'inline-flex cursor-pointer items-center whitespace-nowrap rounded-full underline-offset-2 hover:underline',
        className,
      )}
    >
      <History aria-hidden="true" className={short ? 'size-3.5' : 'size-4'} />
      {short ? formatDuration(player.resumeOffer) : label}
    </button>
  );
}

/** A link to a moment says where it put the player, and whether it is playing or waits for a press. */
function linkedMessage(player: PlayerState): string | null {
  if (player.linkedAt === null || player.status === 'error') return null;
  const at = formatDuration(player.linkedAt);
  // Said while the first seconds play, then the time row is enough.
  if (player.isPlaying)
    return player.currentTime < player.linkedAt + 10 ? `Playing from ${at}, where the link starts.` : null;
  if (player.message === PLAYBACK_MESSAGES.gestureNeeded) return `Starts at ${at}. Press play to listen.`;
  return null;
}

function PlayerMessage({
  player,
  appearance,
  className,
}: {
  player: PlayerState;
  appearance: 'default' | 'overlay';
  className?: string;
}) {
  const text =
    linkedMessage(player) ??
    player.message ??
    (player.resumedAt !== null && player.currentTime > 0
      ? `Picked up where you left off, at ${formatDuration(player.resumedAt)}.`
      : null);
  // Said (politely) when playback stops rather than at every jump; the time row shows it as it grows.
  const skipped = skippedSilenceText(player.skippedSilence);
  return (
    <p
      role={player.status === 'error' ? 'alert' : 'status'}
      className={cn(
        'text-sm empty:hidden',
        player.status === 'error'
          ? 'font-medium text-destructive dark:text-red-400'
          : appearance === 'overlay'
            ? 'text-white/85'
            : 'text-muted-foreground',
        className,
      )}
    >
      {text}
      {!player.isPlaying && skipped && <span className="sr-only">{skipped}</span>}
    </p>
  );
}

function ChapterMarks({
  chapters,
  duration,
  onSeek,
}: {
  chapters: readonly Chapter[];
  duration: number;
  onSeek: (seconds: number) => void;
}) {
  if (chapters.length === 0 || duration <= 0) return null;
  return (
    <div aria-hidden="true" className="relative mt-1 h-1.5">
      {chapters.map((chapter) => (
        <span
          key={chapter.id}
          title={`${formatDuration(chapter.time)} ${chapter.title}`}
          onClick={() => onSeek(chapter.time)}
          className="absolute top-0 h-1.5 w-1 -translate-x-1/2 cursor-pointer rounded-full bg-highlight"
          style={{ left: `${Math.min(100, (chapter.time / duration) * 100)}%` }}
        />
      ))}
    </div>
  );
}

function TranscriptSection({ defaultOpen, children }: { defaultOpen: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <div className="rounded-2xl bg-secondary/60 p-4">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full cursor-pointer items-center justify-between text-sm font-semibold"
      >
        Transcript
        <span className="text-xs font-medium text-muted-foreground">{open ? 'Hide' : 'Show'}</span>
      </button>
      {open && <div className="mt-3">{children}</div>}
    </div>
  );
}

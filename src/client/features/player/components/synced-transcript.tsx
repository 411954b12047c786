import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link2, MessageCircle } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import {
  activeWordIndex,
  timedWords,
  type TranscriptTiming,
  type TranscriptWord,
  type WordTimes,
} from '@shared/domain/transcript-timing';
import { usePostWordTimes } from '../hooks/use-word-times';

const HIGHLIGHTS = {
  amber: 'bg-amber-300/80 text-stone-950 dark:bg-amber-400/85',
  primary: 'bg-primary text-primary-foreground',
} as const;

export interface SyncedTranscriptProps {
  text: string;
  duration: number;
  /** Word times aligned to the recording (issue 29); the spec §9 estimate without them. */
  times?: WordTimes | null;
  /** Written by a speech recogniser, not the author: it says so. */
  recognised?: boolean;
  currentTime: number;
  onWordClick?: (word: TranscriptWord) => void;
  /** Copies a link that opens the post at the lit word; no button without it. */
  onCopyWordLink?: (word: TranscriptWord) => void;
  /** Offers to record a voice reply at the lit word (issue 29); no button without it. */
  onReplyAtWord?: (word: TranscriptWord) => void;
  /** Spec §2: amber unless told otherwise. */
  highlight?: keyof typeof HIGHLIGHTS;
  className?: string;
}

const TIMING_NOTES: Record<TranscriptTiming, string> = {
  aligned: 'Word times follow the recording.',
  estimated: 'Word times are estimated from the text.',
};

type TranscriptOfPostProps = Omit<SyncedTranscriptProps, 'times'> & { audioUrl: string };

/**
 * A post's transcript with the word times the server has for it, aligned to the recording where it could be; with
 * no `postId` (a comment), timed by the estimate alone.
 */
export function PostSyncedTranscript({
  postId,
  ...props
}: TranscriptOfPostProps & { postId: string | null }) {
  return postId ? <ServerTimedTranscript postId={postId} {...props} /> : <SyncedTranscript {...props} />;
}

function ServerTimedTranscript({ postId, audioUrl, ...props }: TranscriptOfPostProps & { postId: string }) {
  const { times, recognised } = usePostWordTimes(postId, props.text, audioUrl);
  return <SyncedTranscript {...props} times={times} recognised={recognised} />;
}

/**
 * The transcript, lit word by word as it plays: at times aligned to the recording when given, else at times
 * estimated from letter counts (spec §9), and it says which. Words are buttons with a roving tab stop: Tab
 * reaches the transcript once, arrow keys move between words, Enter jumps the audio there.
 */
export function SyncedTranscript({
  text,
  duration,
  times,
  recognised = false,
  currentTime,
  onWordClick,
  onCopyWordLink,
  onReplyAtWord,
  highlight = 'amber',
  className,
}: SyncedTranscriptProps) {
  const { words, timing } = useMemo(() => timedWords(text, duration, times), [text, duration, times]);
  const active = activeWordIndex(words, currentTime);
  const [focusIndex, setFocusIndex] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const tabStop = words.length === 0 ? -1 : Math.min(focusIndex, words.length - 1);

  // Keep the lit word in view inside the box, without scrolling the page.
  useEffect(() => {
    const container = containerRef.current;
    const word = container?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    if (!container || !word) return;
    const top = word.offsetTop - container.offsetTop;
    if (top < container.scrollTop || top > container.scrollTop + container.clientHeight - word.offsetHeight) {
      container.scrollTo({ top: Math.max(0, top - container.clientHeight / 3), behavior: 'smooth' });
    }
  }, [active]);

  if (words.length === 0) {
    return <p className={cn('whitespace-pre-line text-sm leading-relaxed', className)}>{text}</p>;
  }

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (delta === 0) return;
    event.preventDefault();
    event.stopPropagation();
    const next = Math.min(words.length - 1, Math.max(0, tabStop + delta));
    setFocusIndex(next);
    containerRef.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus();
  };

  const transcript = (
    <div
      ref={containerRef}
      role="group"
      aria-label="Transcript"
      onKeyDown={moveFocus}
      className={cn('relative max-h-56 overflow-y-auto pr-1 text-[0.95rem] leading-7', className)}
    >
      {words.map((word) => (
        <span key={word.index}>
          <button
            type="button"
            data-index={word.index}
            tabIndex={word.index === tabStop ? 0 : -1}
            aria-current={word.index === active ? 'true' : undefined}
            onFocus={() => setFocusIndex(word.index)}
            onClick={() => onWordClick?.(word)}
            className={cn(
              '-mx-px cursor-pointer rounded-md px-[3px] py-px transition-colors duration-150 hover:bg-secondary motion-reduce:transition-none',
              word.index === active && HIGHLIGHTS[highlight],
              word.index === active && 'hover:bg-amber-300',
              word.index < active && 'text-foreground',
              word.index > active && 'text-foreground/70',
            )}
          >
            {word.text}
          </button>{' '}
        </span>
      ))}
    </div>
  );
  const lit = words[active];
  // One button beside the text rather than one per word: a single tab stop, and the words stay plain to read.
  return (
    <div className="space-y-2">
      {transcript}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {recognised && 'Transcribed automatically. '}
          {TIMING_NOTES[timing]}
        </p>
        {lit && (onReplyAtWord || onCopyWordLink) && (
          <div className="flex flex-wrap gap-1">
            {onReplyAtWord && (
              <Button
                variant="ghost"
                size="sm"
                className="h-8 px-3 text-muted-foreground"
                aria-label={`Reply here, at “${lit.text}”`}
                onClick={() => onReplyAtWord(lit)}
              >
                <MessageCircle aria-hidden="true" />
                Reply here
              </Button>
            )}
            {onCopyWordLink && (
              <Button
                variant="ghost"
                size="sm"
                className="h-8 px-3 text-muted-foreground"
                onClick={() => onCopyWordLink(lit)}
              >
                <Link2 aria-hidden="true" />
                Copy link to highlighted word
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

import { MessageCircle } from 'lucide-react';
import { formatDuration } from '@client/lib/format';

/** A voice reply anchored to a moment of the post (issue 29), as its waveform shows it. */
export interface ReplyMark {
  id: string;
  at: number;
  /** Who replied: the member's name or the visitor's. */
  name: string;
}

export const replyMarkLabel = (mark: ReplyMark) => `Reply by ${mark.name} at ${formatDuration(mark.at)}`;

/**
 * Under the post's waveform, a mark at each anchored reply's moment: a button (named for screen readers) that
 * plays that reply.
 */
export function ReplyMarks({
  marks,
  duration,
  onPlay,
}: {
  marks: readonly ReplyMark[];
  duration: number;
  onPlay: (mark: ReplyMark) => void;
}) {
  if (marks.length === 0 || duration <= 0) return null;
  // Earliest first, so Tab moves along the recording.
  const ordered = [...marks].sort((a, b) => a.at - b.at);
  return (
    <ul aria-label="Replies at moments" className="relative mt-1 h-6">
      {ordered.map((mark) => (
        <li
          key={mark.id}
          className="absolute top-0 -translate-x-1/2"
          style={{ left: `${Math.min(100, (mark.at / duration) * 100)}%` }}
        >
          <button
            type="button"
            aria-label={replyMarkLabel(mark)}
            title={replyMarkLabel(mark)}
            onClick={() => onPlay(mark)}
            className="grid size-6 cursor-pointer place-items-center rounded-full border-2 border-background bg-highlight text-stone-950 shadow-soft transition-transform hover:scale-110 focus-visible:scale-110"
          >
            <MessageCircle aria-hidden="true" className="size-3" />
          </button>
        </li>
      ))}
    </ul>
  );
}

import { Flag, Pause, Play, Trash2 } from 'lucide-react';
import type { ConversationRecording } from '@shared/contract/conversations';
import { displayName } from '@shared/domain/display-name';
import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import { formatDuration, formatDurationWords, formatFullDate } from '@client/lib/format';
import { cn } from '@client/lib/utils';
import { timeOfDay } from '../lib/day-label';
import { MessageWaveform } from './message-waveform';

interface MessageItemProps {
  message: ConversationRecording;
  mine: boolean;
  /** Show the sender's name (in a group, on messages from others). */
  showName: boolean;
  played: boolean;
  playing: boolean;
  /** Seconds played of this message, when it is the current one. */
  position: number | null;
  onToggle: () => void;
  onDelete: () => void;
  /** Someone else's message: report it to the moderators (issue 17). */
  onReport: () => void;
}

/** The id of a message's play button, which a link that asks to play it focuses when the browser will not autoplay. */
export const playButtonId = (messageId: string) => `play-message-${messageId}`;

/** Spec §2 Conversation view: one voice message with play, sender avatar, duration, transcription and time. */
export function MessageItem({
  message,
  mine,
  showName,
  played,
  playing,
  position,
  onToggle,
  onDelete,
  onReport,
}: MessageItemProps) {
  const name = displayName(message.user);
  const duration = message.duration;
  const progress = position !== null && duration > 0 ? Math.min(1, position / duration) : 0;
  const shownTime = position !== null && position > 0 ? position : duration;
  const unplayed = !mine && !played;
  return (
    <article
      aria-label={`${mine ? 'You' : name}, ${formatDurationWords(duration)}, ${timeOfDay(message.timestamp)}`}
      data-testid="conversation-message"
      data-played={played || mine ? 'true' : 'false'}
      className={cn('group flex items-end gap-2', mine && 'flex-row-reverse')}
    >
      <Avatar
        src={message.user.profileImageUrl}
        name={name}
        framing={pictureFraming(message.user)}
        className="mb-8 size-8 text-xs"
      />
      <div
        className={cn(
          'flex max-w-[85%] min-w-0 flex-col gap-1 sm:max-w-[70%]',
          mine ? 'items-end' : 'items-start',
        )}
      >
        {showName && <p className="px-3 text-xs font-semibold text-muted-foreground">{name}</p>}
        <div
          className={cn(
            'flex flex-col gap-1.5 rounded-3xl p-2 shadow-soft',
            mine
              ? 'rounded-br-lg bg-primary text-primary-foreground'
              : 'rounded-bl-lg border bg-card text-foreground',
          )}
        >
          <div className="flex items-center gap-3 pr-2">
            <button
              type="button"
              id={playButtonId(message.id)}
              onClick={onToggle}
              aria-label={`${playing ? 'Pause' : 'Play'} voice message from ${mine ? 'you' : name}`}
              aria-pressed={playing}
              className={cn(
                'grid size-10 shrink-0 cursor-pointer place-items-center rounded-full transition-transform active:scale-95',
                mine ? 'bg-primary-foreground text-primary' : 'bg-primary text-primary-foreground',
              )}
            >
              {playing ? (
                <Pause aria-hidden="true" className="size-4 fill-current" />
              ) : (
                <Play aria-hidden="true" className="ml-0.5 size-4 fill-current" />
              )}
            </button>
            <MessageWaveform
              peaks={message.peaks}
              progress={progress}
              className={mine ? 'text-primary-foreground' : 'text-primary'}
            />
            <span className="flex w-10 shrink-0 flex-col items-end gap-0.5">
              <span className="text-xs font-semibold tabular-nums">{formatDuration(shownTime)}</span>
              {unplayed && (
                <span className="flex items-center gap-1 text-[0.625rem] font-semibold text-primary">
                  <span aria-hidden="true" className="size-1.5 rounded-full bg-primary" />
                  New
                </span>
              )}
            </span>
          </div>
          {message.transcription && (
            <p
              className={cn(
                'max-w-[19rem] px-2 pb-1 text-sm leading-snug text-pretty',
                mine ? 'text-primary-foreground/90' : 'text-foreground/85',
              )}
            >
              {message.transcription}
            </p>
          )}
        </div>
        <div className={cn('flex items-center gap-1 px-2', mine && 'flex-row-reverse')}>
          <time
            dateTime={message.timestamp}
            title={formatFullDate(message.timestamp)}
            className="text-xs text-muted-foreground"
          >
            {timeOfDay(message.timestamp)}
          </time>
          {!mine && (
            <button
              type="button"
              onClick={onReport}
              aria-label={`Report this message from ${name}`}
              title="Report this message"
              className="grid size-7 cursor-pointer place-items-center rounded-full text-muted-foreground opacity-70 transition hover:bg-secondary hover:opacity-100 focus-visible:opacity-100"
            >
              <Flag aria-hidden="true" className="size-3.5" />
            </button>
          )}
          {mine && (
            <button
              type="button"
              onClick={onDelete}
              aria-label="Delete this message"
              title="Delete this message"
              className="grid size-7 cursor-pointer place-items-center rounded-full text-muted-foreground opacity-70 transition hover:bg-secondary hover:text-destructive hover:opacity-100 focus-visible:opacity-100"
            >
              <Trash2 aria-hidden="true" className="size-3.5" />
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

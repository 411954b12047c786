import { Mic, Trash2, UsersRound } from 'lucide-react';
import { Link } from 'wouter';
import type { Conversation } from '@shared/contract/conversations';
import { displayName } from '@shared/domain/display-name';
import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import { formatFullDate } from '@client/lib/format';
import { cn } from '@client/lib/utils';
import {
  conversationTitle,
  lastMessageSummary,
  othersIn,
  recordingCountLabel,
} from '../lib/conversation-display';
import { activityLabel } from '../lib/day-label';

interface ConversationCardProps {
  conversation: Conversation;
  myId: string;
  onDelete: (conversation: Conversation) => void;
}

function unreadLabel(count: number): string {
  return `${count} unread ${count === 1 ? 'message' : 'messages'}`;
}

/** Spec §2: a conversation's card with recording count, last message, last activity and a delete action. */
export function ConversationCard({ conversation, myId, onDelete }: ConversationCardProps) {
  const title = conversationTitle(conversation, myId);
  const others = othersIn(conversation, myId);
  const unread = conversation.unreadCount;
  const [first, second] = others;
  return (
    <div
      data-testid="conversation-card"
      className={cn(
        'group relative flex items-center gap-3 rounded-3xl border bg-card p-3 pr-2 shadow-soft transition-[border-color,box-shadow] focus-within:ring-4 focus-within:ring-ring/20 hover:border-foreground/20 sm:gap-4 sm:p-4 sm:pr-3',
        unread > 0 && 'border-primary/40',
      )}
    >
      <span className="relative shrink-0" aria-hidden="true">
        {conversation.type === 'group' && second ? (
          <span className="relative block size-12">
            <Avatar
              src={first?.profileImageUrl}
              name={displayName(first)}
              className="absolute top-0 left-0 size-8 text-[0.625rem]"
            />
            <Avatar
              src={second.profileImageUrl}
              name={displayName(second)}
              className="absolute right-0 bottom-0 size-8 text-[0.625rem] ring-2 ring-card"
            />
          </span>
        ) : (
          <Avatar
            src={first?.profileImageUrl}
            name={first ? displayName(first) : title}
            framing={first ? pictureFraming(first) : undefined}
            className="size-12"
          />
        )}
        {unread > 0 && (
          <span className="absolute -top-1 -right-1 grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1 text-[0.6875rem] leading-none font-bold text-primary-foreground ring-2 ring-card">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <h3 className="min-w-0 flex-1 truncate text-base font-semibold">
            <Link
              href={`/conversations/${conversation.id}`}
              className="outline-none after:absolute after:inset-0 after:rounded-3xl"
            >
              {conversation.type === 'group' && (
                <UsersRound
                  aria-hidden="true"
                  className="mr-1.5 inline size-4 align-[-2px] text-muted-foreground"
                />
              )}
              {title}
              {unread > 0 && <span className="sr-only">, {unreadLabel(unread)}</span>}
            </Link>
          </h3>
          <time
            dateTime={conversation.lastActivity}
            title={formatFullDate(conversation.lastActivity)}
            className={cn(
              'shrink-0 text-xs text-muted-foreground',
              unread > 0 && 'font-semibold text-primary',
            )}
          >
            {activityLabel(conversation.lastActivity)}
          </time>
        </div>
        <p
          className={cn(
            'mt-0.5 truncate text-sm text-muted-foreground',
            unread > 0 && 'font-medium text-foreground',
          )}
        >
          {lastMessageSummary(conversation, myId)}
        </p>
        <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
          <Mic aria-hidden="true" className="size-3.5" />
          {recordingCountLabel(conversation.recordings)}
        </p>
      </div>
      <button
        type="button"
        onClick={() => onDelete(conversation)}
        aria-label={`Delete conversation with ${title}`}
        title="Delete conversation"
        className="relative z-10 grid size-10 shrink-0 cursor-pointer place-items-center rounded-full text-muted-foreground transition-colors hover:bg-destructive/10 hover:text-destructive"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

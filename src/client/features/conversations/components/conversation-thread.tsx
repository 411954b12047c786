import { ArrowLeft, ChevronRight, Gauge, ListMusic, Loader2, Podcast, Square, Users } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Conversation, ConversationRecording } from '@shared/contract/conversations';
import { displayName } from '@shared/domain/display-name';
import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { ReportDialog } from '@client/components/report-dialog';
import { LoadError } from '@client/components/load-error';
import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import { SkippedSilenceNote, SkipSilenceToggle } from '@client/components/skip-silence';
import { Skeleton } from '@client/components/ui/skeleton';
import { nextPlaybackRate, usePlaybackPreferences } from '@client/lib/audio/playback-preferences';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { cn } from '@client/lib/utils';
import {
  toastNoContent,
  useConversationRecordings,
  useDeleteRecording,
  usePublishConversation,
  usePublishRequest,
} from '../api/conversations';
import { useMessagePlayback } from '../hooks/use-message-playback';
import { usePlayFromLink } from '../hooks/use-play-from-link';
import { conversationTitle, othersIn } from '../lib/conversation-display';
import { groupByDay } from '../lib/day-label';
import { markPlayed, usePlayedMessages } from '../lib/played-messages';
import { GroupMembersDialog } from './group-members-dialog';
import { MessageItem, playButtonId } from './message-item';
import { PublishRequestPrompt } from './publish-request-prompt';
import { RecorderBar } from './recorder-bar';

interface ConversationThreadProps {
  conversation: Conversation;
  myId: string;
}

/** Spec §2 Conversation view: the messages, play-all, the "Pod" button and the recorder bar. */
export function ConversationThread({ conversation, myId }: ConversationThreadProps) {
  const title = conversationTitle(conversation, myId);
  useDocumentTitle(title);
  const recordings = useConversationRecordings(conversation.id);
  const { messages } = recordings;
  const played = usePlayedMessages();
  const isPlayed = (id: string) =>
    played.has(id) || messages.find((message) => message.id === id)?.userId === myId;
  const playback = useMessagePlayback(messages, {
    isPlayed,
    onPlayed: markPlayed,
    onRefused: (id) => document.getElementById(playButtonId(id))?.focus(),
  });
  usePlayFromLink(messages, playback.toggle);
  const { rate, setRate, skipSilence, setSkipSilence } = usePlaybackPreferences();
  const publish = usePublishConversation();
  const publishRequest = usePublishRequest(conversation.id).data;
  const [deleting, setDeleting] = useState<ConversationRecording | null>(null);
  const [reporting, setReporting] = useState<ConversationRecording | null>(null);
  const [membersOpen, setMembersOpen] = useState(false);
  const deleteRecording = useDeleteRecording(conversation.id, () => setDeleting(null));
  const groups = useMemo(() => groupByDay(messages), [messages]);
  const others = othersIn(conversation, myId);

  // The newest message comes into view, above the recorder bar: at once on opening, then smoothly as each new one
  // arrives (sent or received).
  const lastId = messages[messages.length - 1]?.id;
  const scrolledOnce = useRef(false);
  useEffect(() => {
    if (!lastId) return;
    const behavior = scrolledOnce.current ? 'smooth' : 'instant';
    scrolledOnce.current = true;
    // After the app shell's scroll to the top on arriving at a page, which runs after this effect.
    const frame = requestAnimationFrame(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior }),
    );
    return () => cancelAnimationFrame(frame);
  }, [lastId]);

  const postAsPod = () => {
    if (recordings.isSuccess && messages.length === 0) toastNoContent();
    else publish.mutate(conversation.id);
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <header className="sticky top-14 z-20 -mx-4 flex items-center gap-2 border-b bg-background/90 px-4 py-3 backdrop-blur-lg sm:-mx-6 sm:px-6 lg:top-0 lg:-mx-10 lg:px-10">
        <Button asChild variant="ghost" size="icon" className="-ml-2">
          <Link href="/conversations" aria-label="Back to conversations">
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        {/* One face on a phone, where the title needs the room; two overlapping from the small breakpoint up. */}
        <div className="flex shrink-0 sm:-space-x-4">
          {(others.length > 0 ? others : conversation.participants).slice(0, 2).map((person, index) => (
            <Avatar
              key={person.id}
              src={person.profileImageUrl}
              name={displayName(person)}
              framing={pictureFraming(person)}
              className={cn('size-9 ring-2 ring-background sm:size-10', index > 0 && 'max-sm:hidden')}
            />
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <h1 className="line-clamp-2 text-base leading-tight font-bold tracking-tight break-words sm:truncate sm:text-lg">
            {title}
          </h1>
          {conversation.type === 'group' ? (
            <button
              type="button"
              onClick={() => setMembersOpen(true)}
              aria-haspopup="dialog"
              aria-label={`Group members: ${conversation.participants.length} people`}
              className="-ml-1 flex h-6 cursor-pointer items-center gap-1 rounded-md px-1 text-xs text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <Users aria-hidden="true" className="size-3.5" />
              {conversation.participants.length} people
              <ChevronRight aria-hidden="true" className="size-3.5" />
            </button>
          ) : (
            <p className="truncate text-xs text-muted-foreground">Direct message</p>
          )}
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="px-2.5 tabular-nums"
          onClick={() => setRate(nextPlaybackRate(rate))}
          aria-label={`Playback speed ${rate}x`}
          title="Playback speed"
        >
          <Gauge aria-hidden="true" className="max-sm:hidden" />
          {rate}×
        </Button>
        <SkipSilenceToggle on={skipSilence} onToggle={() => setSkipSilence(!skipSilence)} compact />
        <Button
          variant="outline"
          size="sm"
          className="max-sm:px-3.5"
          onClick={postAsPod}
          disabled={publish.isPending}
          aria-label="Pod: post this conversation"
          title="Post this conversation as a pod"
        >
          {publish.isPending ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Podcast aria-hidden="true" className="max-sm:hidden" />
          )}
          Pod
        </Button>
      </header>

      <section
        aria-label="Messages"
        aria-busy={recordings.isPending}
        className="flex min-h-[calc(100dvh-24.5rem)] flex-col gap-6 pb-4 lg:min-h-[calc(100dvh-16.75rem)]"
      >
        {messages.length > 0 && (
          <div className="flex justify-center">
            <Button
              variant={playback.playingAll ? 'secondary' : 'default'}
              size="sm"
              onClick={playback.playingAll ? playback.stopAll : playback.playAll}
            >
              {playback.playingAll ? (
                <Square aria-hidden="true" className="fill-current" />
              ) : (
                <ListMusic aria-hidden="true" />
              )}
              {playback.playingAll ? 'Stop playing' : 'Play all'}
            </Button>
          </div>
        )}
        <SkippedSilenceNote
          seconds={playback.skippedSilence}
          playing={playback.playing}
          className="text-center"
        />

        {recordings.hasNextPage && (
          <div className="flex justify-center">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void recordings.fetchNextPage()}
              disabled={recordings.isFetchingNextPage}
            >
              {recordings.isFetchingNextPage && <Loader2 aria-hidden="true" className="animate-spin" />}
              Earlier messages
            </Button>
          </div>
        )}
        {recordings.isPending ? (
          <div role="status" aria-label="Loading messages" className="space-y-5">
            {[0, 1, 2].map((index) => (
              <div key={index} className={index === 1 ? 'flex justify-end' : 'flex'}>
                <Skeleton className="h-14 w-64 rounded-3xl" />
              </div>
            ))}
          </div>
        ) : recordings.isError ? (
          <LoadError
            message="We couldn’t load these messages."
            onRetry={() => void recordings.refetch()}
            retrying={recordings.isFetching}
          />
        ) : messages.length === 0 ? (
          <div className="m-auto max-w-sm py-10 text-center">
            <p className="text-lg font-semibold">{conversation.closedReason ? 'No messages' : 'Say hello'}</p>
            <p className="mt-1 text-sm text-muted-foreground text-pretty">
              {conversation.closedReason
                ? 'Nothing was said here.'
                : 'No voice messages yet. Record the first one below.'}
            </p>
          </div>
        ) : (
          groups.map((group) => (
            <div key={group.label + group.items[0]?.id} className="flex flex-col gap-4">
              <h2 className="sticky top-[7.5rem] z-10 self-center rounded-full border bg-card/90 px-3 py-1 text-xs font-semibold text-muted-foreground shadow-soft backdrop-blur lg:top-[4.25rem]">
                {group.label}
              </h2>
              <ol className="flex flex-col gap-4">
                {group.items.map((message, index) => {
                  const mine = message.userId === myId;
                  const current = playback.currentId === message.id;
                  return (
                    <li key={message.id}>
                      <MessageItem
                        message={message}
                        mine={mine}
                        showName={
                          conversation.type === 'group' &&
                          !mine &&
                          group.items[index - 1]?.userId !== message.userId
                        }
                        played={played.has(message.id)}
                        playing={current && playback.playing}
                        position={current ? playback.position : null}
                        onToggle={() => playback.toggle(message.id)}
                        onDelete={() => setDeleting(message)}
                        onReport={() => setReporting(message)}
                      />
                    </li>
                  );
                })}
              </ol>
            </div>
          ))
        )}
      </section>

      {/* A request to post it stays in view above the recorder until it is settled. */}
      <div className="sticky bottom-20 z-20 flex flex-col gap-3 lg:bottom-4">
        {publishRequest && <PublishRequestPrompt request={publishRequest} myId={myId} />}
        {conversation.closedReason ? (
          <p
            role="status"
            className="rounded-3xl border bg-card/95 px-5 py-4 text-center text-sm text-muted-foreground shadow-soft backdrop-blur"
          >
            {conversation.closedReason} You can still listen here, but not send.
          </p>
        ) : (
          <RecorderBar conversationId={conversation.id} />
        )}
      </div>

      <audio {...playback.audioProps} className="hidden" />

      {conversation.type === 'group' && (
        <GroupMembersDialog
          conversation={conversation}
          myId={myId}
          open={membersOpen}
          onOpenChange={setMembersOpen}
        />
      )}

      {reporting && (
        <ReportDialog
          open
          onOpenChange={(open) => !open && setReporting(null)}
          targetKind="message"
          targetId={reporting.id}
        />
      )}

      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this message?"
        description="It will be removed from this conversation for everyone in it."
        pending={deleteRecording.isPending}
        onConfirm={() => deleting && deleteRecording.mutate(deleting.id)}
      />
    </div>
  );
}

import { LIVE_EVENT_NAMES } from '@shared/contract/events';
import type { FastifyBaseLogger } from 'fastify';
import type { ConversationService } from '../services/conversation-service';
import type { BusMessage, EventBus } from './event-bus';
import type { SseStream } from './sse-stream';

export interface ConversationFeedOptions {
  userId: string;
  conversations: Pick<ConversationService, 'visibleConversation' | 'visibleRecording' | 'isMember'>;
  events: EventBus;
  stream: SseStream;
  /** Whether the session that opened the stream is still signed in: checked before each delivery. */
  stillSignedIn: () => Promise<boolean>;
  log: FastifyBaseLogger;
}

/**
 * Feeds one person's conversation events into their open stream, each read from the database when it is delivered
 * and only if they may see it then (a member who left hears nothing more). These events carry no `id:`, so the
 * stream's Last-Event-ID stays the newest notification's; a page that reconnects reloads its conversations.
 * Returns the function that stops it.
 */
export function startConversationFeed(options: ConversationFeedOptions): () => void {
  const { userId, conversations, events, stream, log } = options;
  let work = Promise.resolve();

  async function deliver(message: BusMessage): Promise<void> {
    switch (message.type) {
      case 'resync':
        return stream.send({ event: LIVE_EVENT_NAMES.conversationsResync, data: {} });
      case 'conversation': {
        const conversation = await conversations.visibleConversation(userId, message.id);
        if (conversation) stream.send({ event: LIVE_EVENT_NAMES.conversation, data: conversation });
        return;
      }
      case 'conversation-recording': {
        const recording = await conversations.visibleRecording(userId, message.id);
        if (recording) stream.send({ event: LIVE_EVENT_NAMES.conversationRecording, data: recording });
        return;
      }
      case 'conversation-recording-deleted':
        if (await conversations.isMember(userId, message.conversationId)) {
          stream.send({
            event: LIVE_EVENT_NAMES.conversationRecordingDeleted,
            data: { id: message.id, conversationId: message.conversationId },
          });
        }
        return;
      default:
        return;
    }
  }

  return events.subscribe(userId, (message) => {
    if (message.type === 'notification') return;
    work = work
      .then(async () => {
        if (stream.closed) return;
        if (!(await options.stillSignedIn())) return stream.end();
        await deliver(message);
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'a live conversation stream failed; closing it');
        stream.end();
      });
  });
}

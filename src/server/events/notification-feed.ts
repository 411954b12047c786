import { LIVE_EVENT_NAMES } from '@shared/contract/events';
import type { Notification } from '@shared/contract/social';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationService } from '../services/notification-service';
import type { EventBus } from './event-bus';
import type { SseStream } from './sse-stream';

/** Catch-up sends at most this many missed notifications; past it, a `resync` event tells the page to reload. */
export const CATCH_UP_LIMIT = 100;
/** Ids sent lately, so an event that a catch-up already sent is not sent twice. */
const RECENT_IDS = 256;

export interface NotificationFeedOptions {
  userId: string;
  /** Where the client left off (its Last-Event-ID); null on a first connection. */
  lastEventId: string | null;
  notifications: Pick<NotificationService, 'find' | 'listAfter' | 'newestId'>;
  events: EventBus;
  stream: SseStream;
  /** Whether the session that opened the stream is still signed in: checked before each delivery. */
  stillSignedIn: () => Promise<boolean>;
  log: FastifyBaseLogger;
}

/**
 * Feeds one person's notifications into their open stream: first the ones after `lastEventId`, then each new one
 * as the bus announces it, and after a bus `resync` whatever came after the newest one sent. Work runs one step
 * at a time, in order. Returns the function that stops it.
 */
export function startNotificationFeed(options: NotificationFeedOptions): () => void {
  const { userId, notifications, events, stream, log } = options;
  // The newest notification the page has: catch-up starts after it.
  let cursor: string | null = options.lastEventId;
  // The newest notification when a resync told the page to reload: the reload shows it and every one before it.
  let reloadedThrough: string | null = null;
  const recent = new Set<string>();
  let work = Promise.resolve();

  function send(notification: Notification): void {
    if (recent.has(notification.id)) return;
    stream.send({ id: notification.id, event: LIVE_EVENT_NAMES.notification, data: notification });
    recent.add(notification.id);
    if (recent.size > RECENT_IDS) recent.delete(recent.values().next().value!);
    if (cursor === null || notification.id > cursor) cursor = notification.id;
  }

  async function catchUp(): Promise<void> {
    const missed = await notifications.listAfter(userId, cursor, CATCH_UP_LIMIT + 1);
    if (missed.length <= CATCH_UP_LIMIT) {
      missed.forEach(send);
      return;
    }
    cursor = await notifications.newestId(userId);
    reloadedThrough = cursor;
    stream.send({ ...(cursor && { id: cursor }), event: LIVE_EVENT_NAMES.resync, data: {} });
  }

  async function deliver(id: string): Promise<void> {
    // The bus may announce a missed notification after the resync (PostgreSQL's NOTIFY arrives when it arrives):
    // the reload already shows it. Ids order as catch-up's listAfter orders them.
    if (reloadedThrough !== null && id <= reloadedThrough) return;
    const notification = await notifications.find(userId, id);
    if (notification) send(notification);
  }

  function enqueue(step: () => Promise<void>, checkSession = true): void {
    work = work
      .then(async () => {
        if (stream.closed) return;
        if (checkSession && !(await options.stillSignedIn())) return stream.end();
        await step();
      })
      .catch((error: unknown) => {
        // The page reconnects and catches up from the last event it received.
        log.warn({ err: error }, 'a live notification stream failed; closing it');
        stream.end();
      });
  }

  // Subscribed before reading, so nothing committed in between is missed.
  const unsubscribe = events.subscribe(userId, (message) => {
    if (message.type === 'resync') enqueue(catchUp);
    else if (message.type === 'notification') enqueue(() => deliver(message.id));
  });
  enqueue(async () => {
    if (cursor === null) cursor = await notifications.newestId(userId);
    else await catchUp();
  }, false);
  return unsubscribe;
}

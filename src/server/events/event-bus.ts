import type { Db } from '../db/database';

/**
 * Something happened that one person's open pages should hear about. Events only name what changed: a stream
 * reads the rest from the database, so a payload stays far below PostgreSQL's 8000-byte NOTIFY limit and never
 * carries private content (a stream checks, when it delivers, that its person may still see what is named). New
 * kinds (a rendition ready) join this union.
 */
export type LiveEvent =
  | { type: 'notification'; userId: string; id: string }
  /** A conversation `userId` is now in (created, or they were added or came back). */
  | { type: 'conversation'; userId: string; id: string }
  | { type: 'conversation-recording'; userId: string; id: string; conversationId: string }
  | { type: 'conversation-recording-deleted'; userId: string; id: string; conversationId: string }
  /** Every session of `userId` ended (their account was deleted or suspended): their open streams close. */
  | { type: 'sessions-ended'; userId: string };

/** `resync`: events may have been missed (the bus lost its connection), so re-read from the database. */
export type BusMessage = LiveEvent | { type: 'resync' };

export type BusListener = (message: BusMessage) => void;

/** Live events across every instance of the app. */
export interface EventBus {
  /**
   * Publishes `event` as part of the transaction `db` belongs to: subscribers hear of it only once that commits,
   * and never when it rolls back. Outside a transaction, the write before it has committed already.
   */
  publish(db: Db, event: LiveEvent): Promise<void>;
  /** Hears events for `userId` (and every `resync`) until the returned function is called. */
  subscribe(userId: string, listener: BusListener): () => void;
  /**
   * Tells the job workers of every instance that a job was queued, once the transaction `db` belongs to commits
   * (never if it rolls back): a worker told before the commit would find nothing and sleep until its next poll.
   */
  wakeJobWorkers(db: Db): Promise<void>;
  /** Hears those wake-ups, this instance's and every other's, until the returned function is called. */
  onJobWorkersWoken(listener: () => void): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
}

const EVENT_TYPES = new Set<LiveEvent['type']>([
  'notification',
  'conversation',
  'conversation-recording',
  'conversation-recording-deleted',
  'sessions-ended',
]);
/** The kinds that also name their conversation. */
const IN_A_CONVERSATION = new Set<LiveEvent['type']>([
  'conversation-recording',
  'conversation-recording-deleted',
]);

/** Reads an event from the wire, or undefined for anything else (a newer version's kinds, garbage). */
export function parseLiveEvent(payload: string): LiveEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { type, userId, id, conversationId } = value as Record<string, unknown>;
  if (typeof type !== 'string' || !EVENT_TYPES.has(type as LiveEvent['type'])) return undefined;
  if (typeof userId !== 'string') return undefined;
  if (type === 'sessions-ended') return { type, userId };
  if (typeof id !== 'string') return undefined;
  if (!IN_A_CONVERSATION.has(type as LiveEvent['type'])) {
    return { type: type as 'notification' | 'conversation', userId, id };
  }
  if (typeof conversationId !== 'string') return undefined;
  return {
    type: type as 'conversation-recording' | 'conversation-recording-deleted',
    userId,
    id,
    conversationId,
  };
}

import type { Db } from '../db/database';

/**
 * Something happened that one person's open pages should hear about. Events only name what changed: a stream
 * reads the rest from the database, so a payload stays far below PostgreSQL's 8000-byte NOTIFY limit and never
 * carries private content. New kinds (a conversation message, a rendition ready) join this union.
 */
export type LiveEvent = { type: 'notification'; userId: string; id: string };

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
  start(): Promise<void>;
  close(): Promise<void>;
}

const EVENT_TYPES = new Set<LiveEvent['type']>(['notification']);

/** Reads an event from the wire, or undefined for anything else (a newer version's kinds, garbage). */
export function parseLiveEvent(payload: string): LiveEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { type, userId, id } = value as Record<string, unknown>;
  if (typeof type !== 'string' || !EVENT_TYPES.has(type as LiveEvent['type'])) return undefined;
  if (typeof userId !== 'string' || typeof id !== 'string') return undefined;
  return { type: type as LiveEvent['type'], userId, id };
}

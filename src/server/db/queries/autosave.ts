import { sql } from 'kysely';
import type { Db } from '../database';
import { countToNumber, forNoKeyUpdate } from '../dialect';

/** A recording session: its id is the recorder's own, unique per person. */
export interface AutosaveSessionKey {
  userId: string;
  sessionId: string;
}

/**
 * Holds the person's autosave (their user row) until the transaction ends, so that two chunks arriving at once
 * cannot both fit into the space only one of them fits.
 */
export async function lockAutosaveOf(trx: Db, userId: string): Promise<void> {
  await forNoKeyUpdate(trx, trx.selectFrom('users').select('id').where('id', '=', userId)).execute();
}

/** What a person's autosave holds now: this session's chunks and the bytes of their other open sessions. */
export async function autosaveUsage(trx: Db, key: AutosaveSessionKey) {
  const session = await trx
    .selectFrom('autosave_sessions')
    .select('published_at')
    .where('user_id', '=', key.userId)
    .where('session_id', '=', key.sessionId)
    .executeTakeFirst();
  const chunks = await trx
    .selectFrom('autosave_chunks')
    .select(['chunk_number', 'bytes', 'storage_key'])
    .where('user_id', '=', key.userId)
    .where('session_id', '=', key.sessionId)
    .execute();
  const others = await openChunks(trx, key.userId)
    .where('autosave_chunks.session_id', '!=', key.sessionId)
    .select((eb) => eb.fn.sum<number | string | null>('autosave_chunks.bytes').as('bytes'))
    .executeTakeFirstOrThrow();
  return {
    closed: session?.published_at != null,
    chunks,
    otherSessionsBytes: countToNumber(others.bytes),
  };
}

/** The bytes of a person's open sessions and their largest chunk, to refuse a chunk before it streams in. */
export async function openAutosaveBytes(db: Db, userId: string) {
  const row = await openChunks(db, userId)
    .select((eb) => [
      eb.fn.sum<number | string | null>('autosave_chunks.bytes').as('total'),
      eb.fn.max<number | null>('autosave_chunks.bytes').as('largest'),
    ])
    .executeTakeFirstOrThrow();
  return { total: countToNumber(row.total), largestChunk: countToNumber(row.largest) };
}

/** Every chunk beside the session it belongs to. */
function chunksWithSessions(db: Db) {
  return db
    .selectFrom('autosave_chunks')
    .innerJoin('autosave_sessions', (join) =>
      join
        .onRef('autosave_sessions.user_id', '=', 'autosave_chunks.user_id')
        .onRef('autosave_sessions.session_id', '=', 'autosave_chunks.session_id'),
    );
}

function openChunks(db: Db, userId: string) {
  return chunksWithSessions(db)
    .where('autosave_chunks.user_id', '=', userId)
    .where('autosave_sessions.published_at', 'is', null);
}

/** Keeps the chunk (replacing an earlier copy with the same number: a retry) and marks the session active now. */
export async function storeAutosaveChunk(
  trx: Db,
  chunk: AutosaveSessionKey & {
    chunkNumber: number;
    key: string;
    bytes: number;
    at: string;
    totalDuration: number;
  },
): Promise<void> {
  await trx
    .insertInto('autosave_sessions')
    .values({
      user_id: chunk.userId,
      session_id: chunk.sessionId,
      last_chunk_at: chunk.at,
      total_duration: chunk.totalDuration,
      published_at: null,
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'session_id']).doUpdateSet({
        last_chunk_at: chunk.at,
        total_duration: sql<number>`excluded.total_duration`,
      }),
    )
    .execute();
  await trx
    .insertInto('autosave_chunks')
    .values({
      user_id: chunk.userId,
      session_id: chunk.sessionId,
      chunk_number: chunk.chunkNumber,
      storage_key: chunk.key,
      bytes: chunk.bytes,
      created_at: chunk.at,
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'session_id', 'chunk_number']).doUpdateSet({
        storage_key: chunk.key,
        bytes: chunk.bytes,
        created_at: chunk.at,
      }),
    )
    .execute();
}

/** Closes a session the person threw away, creating it closed if no chunk arrived yet, so it is never recovered. */
export async function closeAutosaveSession(
  db: Db,
  userId: string,
  sessionId: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('autosave_sessions')
    .values({
      user_id: userId,
      session_id: sessionId,
      last_chunk_at: at,
      total_duration: 0,
      published_at: at,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'session_id']).doUpdateSet({ published_at: at }))
    .execute();
}

/** False when the session was already closed (published, discarded or recovered) or does not exist. */
export async function markAutosavePublished(
  db: Db,
  userId: string,
  sessionId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('autosave_sessions')
    .set({ published_at: at })
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .where('published_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function abandonedAutosaveSessions(db: Db, lastChunkBefore: string, limit: number) {
  return (
    db
      .selectFrom('autosave_sessions')
      .selectAll()
      .where('published_at', 'is', null)
      .where('last_chunk_at', '<', lastChunkBefore)
      // Never tried first, then the least recently tried: no session that keeps failing holds the others back.
      .orderBy(sql`coalesce(recovery_tried_at, '')`)
      .orderBy('last_chunk_at')
      .limit(limit)
      .execute()
  );
}

export function autosaveChunks(db: Db, userId: string, sessionId: string) {
  return db
    .selectFrom('autosave_chunks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .orderBy('chunk_number')
    .execute();
}

/** Chunks of sessions already published or recovered: their audio lives on in a post, so they can go. */
export function chunksOfFinishedSessions(db: Db, limit: number) {
  return chunksWithSessions(db)
    .select([
      'autosave_chunks.user_id',
      'autosave_chunks.session_id',
      'autosave_chunks.chunk_number',
      'autosave_chunks.storage_key',
    ])
    .where('autosave_sessions.published_at', 'is not', null)
    .limit(limit)
    .execute();
}

export async function deleteAutosaveChunk(
  db: Db,
  chunk: { user_id: string; session_id: string; chunk_number: number },
) {
  await db
    .deleteFrom('autosave_chunks')
    .where('user_id', '=', chunk.user_id)
    .where('session_id', '=', chunk.session_id)
    .where('chunk_number', '=', chunk.chunk_number)
    .execute();
}

/** Finished sessions are kept a while so a chunk that arrives late is recognised and not recovered again. */
export async function deleteAutosaveSessionsPublishedBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('autosave_sessions').where('published_at', '<', before).execute();
}

const MAX_RECOVERY_ERROR_LENGTH = 1000;

/**
 * Records a failed recovery; `countsAgainstSession` when the session's own content was at fault, not ours.
 * Returns the failures counted against it so far.
 */
export async function recordFailedRecovery(
  db: Db,
  key: AutosaveSessionKey,
  failure: { at: string; error: string; countsAgainstSession: boolean },
): Promise<number> {
  const row = await db
    .updateTable('autosave_sessions')
    .set((eb) => ({
      recovery_attempts: eb('recovery_attempts', '+', failure.countsAgainstSession ? 1 : 0),
      recovery_tried_at: failure.at,
      recovery_error: failure.error.slice(0, MAX_RECOVERY_ERROR_LENGTH),
    }))
    .where('user_id', '=', key.userId)
    .where('session_id', '=', key.sessionId)
    .returning('recovery_attempts')
    .executeTakeFirstOrThrow();
  return Number(row.recovery_attempts);
}

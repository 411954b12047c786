import { sql } from 'kysely';
import type { Db } from '../database';

export async function touchAutosaveSession(
  db: Db,
  session: { userId: string; sessionId: string; at: string; totalDuration: number },
): Promise<{ published: boolean }> {
  const row = await db
    .insertInto('autosave_sessions')
    .values({
      user_id: session.userId,
      session_id: session.sessionId,
      last_chunk_at: session.at,
      total_duration: session.totalDuration,
      published_at: null,
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'session_id']).doUpdateSet({
        last_chunk_at: session.at,
        total_duration: sql<number>`excluded.total_duration`,
      }),
    )
    .returning('published_at')
    .executeTakeFirstOrThrow();
  return { published: row.published_at !== null };
}

/** Stores a chunk's key; returns the key it replaced when the same chunk number came twice (a retry). */
export async function putAutosaveChunk(
  db: Db,
  chunk: { userId: string; sessionId: string; chunkNumber: number; key: string; bytes: number; at: string },
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('autosave_chunks')
      .select('storage_key')
      .where('user_id', '=', chunk.userId)
      .where('session_id', '=', chunk.sessionId)
      .where('chunk_number', '=', chunk.chunkNumber)
      .executeTakeFirst();
    if (previous) {
      await trx
        .updateTable('autosave_chunks')
        .set({ storage_key: chunk.key, bytes: chunk.bytes, created_at: chunk.at })
        .where('user_id', '=', chunk.userId)
        .where('session_id', '=', chunk.sessionId)
        .where('chunk_number', '=', chunk.chunkNumber)
        .execute();
      return previous.storage_key;
    }
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
      .execute();
    return undefined;
  });
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

export async function markAutosavePublished(
  db: Db,
  userId: string,
  sessionId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('autosave_sessions')
    .set({ published_at: at })
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .where('published_at', 'is', null)
    .execute();
}

export function abandonedAutosaveSessions(db: Db, lastChunkBefore: string, limit: number) {
  return db
    .selectFrom('autosave_sessions')
    .selectAll()
    .where('published_at', 'is', null)
    .where('last_chunk_at', '<', lastChunkBefore)
    .orderBy('last_chunk_at')
    .limit(limit)
    .execute();
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
  return db
    .selectFrom('autosave_chunks')
    .innerJoin('autosave_sessions', (join) =>
      join
        .onRef('autosave_sessions.user_id', '=', 'autosave_chunks.user_id')
        .onRef('autosave_sessions.session_id', '=', 'autosave_chunks.session_id'),
    )
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

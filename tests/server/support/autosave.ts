import { randomUUID } from 'node:crypto';
import { keysUnder } from '../../../src/server/storage/blob-store';
import { multipartForm } from '../../support/audio';
import type { SignedIn } from './accounts';
import type { TestApp } from './test-app';

/** Sends one autosave chunk as the recorder does: multipart with the audio as a file field. */
export function sendChunk(
  testApp: TestApp,
  who: SignedIn,
  chunk: { sessionId: string; chunkNumber: number; content: Buffer },
) {
  const form = multipartForm(
    { sessionId: chunk.sessionId, chunkNumber: String(chunk.chunkNumber), totalDuration: '30' },
    [{ field: 'audio', filename: 'chunk.webm', contentType: 'audio/webm', content: chunk.content }],
  );
  return testApp.app.inject({
    method: 'POST',
    url: '/api/recordings/autosave',
    headers: { ...form.headers, cookie: who.cookie },
    payload: form.payload,
  });
}

/** Dates the session's last chunk `hours` back, standing in for the wait before recovery. */
export async function ageSession(testApp: TestApp, who: SignedIn, sessionId: string, hours: number) {
  await testApp.context.db
    .updateTable('autosave_sessions')
    .set({ last_chunk_at: new Date(Date.now() - hours * 60 * 60 * 1000).toISOString() })
    .where('user_id', '=', who.user.id)
    .where('session_id', '=', sessionId)
    .execute();
}

/** A session as an earlier server stored it, with no limits: its chunks' files and rows written directly. */
export async function storeSessionWithoutLimits(
  testApp: TestApp,
  who: SignedIn,
  sessionId: string,
  chunks: Buffer[],
) {
  const { db, blobs } = testApp.context;
  const at = new Date().toISOString();
  await db
    .insertInto('autosave_sessions')
    .values({ user_id: who.user.id, session_id: sessionId, last_chunk_at: at, total_duration: 0 })
    .execute();
  for (const [chunkNumber, content] of chunks.entries()) {
    const key = `autosave/${randomUUID()}.part`;
    await blobs.put(key, content, { contentType: 'application/octet-stream' });
    await db
      .insertInto('autosave_chunks')
      .values({
        user_id: who.user.id,
        session_id: sessionId,
        chunk_number: chunkNumber,
        storage_key: key,
        bytes: content.length,
        created_at: at,
      })
      .execute();
  }
}

export function autosaveChunkRows(testApp: TestApp, who: SignedIn, sessionId: string) {
  return testApp.context.db
    .selectFrom('autosave_chunks')
    .select(['chunk_number', 'bytes'])
    .where('user_id', '=', who.user.id)
    .where('session_id', '=', sessionId)
    .orderBy('chunk_number')
    .execute();
}

/** The stored chunks, whoever they belong to. */
export function autosaveFiles(testApp: TestApp): Promise<string[]> {
  return keysUnder(testApp.context.blobs, 'autosave/');
}

import { AUDIO_DURATION_LIMITS } from '@shared/domain/audio-limits';
import {
  AUTOSAVE_RECOVERY_AFTER_MS,
  DIARY_CATEGORY,
  MAX_AUDIO_BYTES,
  RECOVERED_RECORDING_TITLE,
} from '@shared/domain/posts';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import {
  abandonedAutosaveSessions,
  autosaveChunks,
  closeAutosaveSession,
  chunksOfFinishedSessions,
  deleteAutosaveChunk,
  deleteAutosaveSessionsPublishedBefore,
  markAutosavePublished,
  putAutosaveChunk,
  touchAutosaveSession,
} from '../db/queries/autosave';
import type { JobOutcome } from '../jobs/catalogue';
import { NotAudioError } from '../media/media-errors';
import type { BlobStore, TempBlob } from '../storage/blob-store';
import type { AudioLibrary } from './audio-library';
import type { PostService } from './post-service';
import { newId } from '../ids';

const SWEEP_BATCH = 100;
const KEEP_FINISHED_SESSIONS_MS = 2 * AUTOSAVE_RECOVERY_AFTER_MS;

export interface AutosaveService {
  /** Keeps one chunk of a recording in progress (spec §4 Autosave). */
  saveChunk(
    userId: string,
    chunk: { sessionId: string; chunkNumber: number; totalDuration?: number | undefined },
    upload: TempBlob,
  ): Promise<{ savedAt: string }>;
  /** The person discarded the recording: its chunks go with the next sweep and it is never recovered. */
  discard(userId: string, sessionId: string): Promise<void>;
  /** Job handler: recordings never published within 24 hours become private "Recovered recording" drafts. */
  recoverAbandoned(): Promise<JobOutcome>;
}

export function createAutosaveService(deps: {
  db: Db;
  blobs: BlobStore;
  audio: AudioLibrary;
  posts: PostService;
  log: FastifyBaseLogger;
  now?: () => Date;
}): AutosaveService {
  const { db, blobs, audio, posts, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** MediaRecorder timeslices are consecutive pieces of one stream, so their bytes join into the whole file. */
  function joinChunks(keys: string[]): Promise<TempBlob> {
    async function* concatenated() {
      for (const key of keys) yield* createReadStream(blobs.localPath(key));
    }
    return blobs.putTemp(Readable.from(concatenated()), MAX_AUDIO_BYTES);
  }

  async function recover(session: { user_id: string; session_id: string }): Promise<void> {
    const chunks = await autosaveChunks(db, session.user_id, session.session_id);
    const at = now().toISOString();
    if (chunks.length === 0) {
      await markAutosavePublished(db, session.user_id, session.session_id, at);
      return;
    }
    const joined = await joinChunks(chunks.map((chunk) => chunk.storage_key));
    try {
      const prepared = await audio.prepare(joined, session.user_id, true, AUDIO_DURATION_LIMITS.post);
      await posts.insertRecovered(
        {
          id: newId(),
          user_id: session.user_id,
          type: 'diary',
          is_draft: 1,
          is_private: 1,
          title: RECOVERED_RECORDING_TITLE,
          category: DIARY_CATEGORY,
          transcription: null,
          affiliate_link: null,
          affiliate_link_title: null,
          audio_id: prepared.row.id,
          image_id: null,
          created_at: at,
          updated_at: at,
        },
        prepared,
        { userId: session.user_id, sessionId: session.session_id },
      );
    } catch (error) {
      if (!(error instanceof NotAudioError)) throw error;
      // Nothing playable survived (say, the first chunk with the stream header was never saved): let it go.
      log.warn({ userId: session.user_id }, 'autosave session held no playable audio; discarded');
      await markAutosavePublished(db, session.user_id, session.session_id, at);
    } finally {
      await blobs.discardTemp(joined);
    }
  }

  async function removeFinished(): Promise<void> {
    for (const chunk of await chunksOfFinishedSessions(db, SWEEP_BATCH * 10)) {
      await blobs.delete(chunk.storage_key);
      await deleteAutosaveChunk(db, chunk);
    }
    await deleteAutosaveSessionsPublishedBefore(
      db,
      new Date(now().getTime() - KEEP_FINISHED_SESSIONS_MS).toISOString(),
    );
  }

  return {
    async saveChunk(userId, chunk, upload) {
      const at = now().toISOString();
      const session = await touchAutosaveSession(db, {
        userId,
        sessionId: chunk.sessionId,
        at,
        totalDuration: chunk.totalDuration ?? 0,
      });
      if (session.published) return { savedAt: at };
      const key = `autosave/${newId()}.part`;
      await blobs.makePermanent(upload, key);
      try {
        const replaced = await putAutosaveChunk(db, {
          userId,
          sessionId: chunk.sessionId,
          chunkNumber: chunk.chunkNumber,
          key,
          bytes: upload.bytes,
          at,
        });
        if (replaced) await blobs.delete(replaced);
      } catch (error) {
        await blobs.delete(key);
        throw error;
      }
      return { savedAt: at };
    },

    async discard(userId, sessionId) {
      await closeAutosaveSession(db, userId, sessionId, now().toISOString());
    },

    async recoverAbandoned() {
      const cutoff = new Date(now().getTime() - AUTOSAVE_RECOVERY_AFTER_MS).toISOString();
      const sessions = await abandonedAutosaveSessions(db, cutoff, SWEEP_BATCH);
      for (const session of sessions) await recover(session);
      await removeFinished();
      return sessions.length > 0 ? 'done' : 'skipped';
    },
  };
}

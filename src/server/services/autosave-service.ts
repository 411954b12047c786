import { AUDIO_DURATION_LIMITS } from '@shared/domain/audio-limits';
import {
  AUTOSAVE_RECOVERY_AFTER_MS,
  DIARY_CATEGORY,
  MAX_AUTOSAVE_BYTES_PER_USER,
  MAX_AUTOSAVE_SESSION_BYTES,
  RECOVERED_RECORDING_TITLE,
} from '@shared/domain/posts';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import {
  abandonedAutosaveSessions,
  autosaveChunks,
  autosaveUsage,
  closeAutosaveSession,
  chunksOfFinishedSessions,
  deleteAutosaveChunk,
  deleteAutosaveSessionsPublishedBefore,
  lockAutosaveOf,
  markAutosavePublished,
  openAutosaveBytes,
  recordFailedRecovery,
  storeAutosaveChunk,
  type AutosaveSessionKey,
} from '../db/queries/autosave';
import { PayloadTooLargeError, UnprocessableError } from '../errors';
import type { JobOutcome } from '../jobs/catalogue';
import { readHead, sniffAudioFormat } from '../media/file-formats';
import { NotAudioError } from '../media/media-errors';
import { BlobNotFoundError, type BlobStore } from '../storage/blob-store';
import type { ScratchFile, ScratchFiles } from '../storage/scratch-files';
import type { AudioLibrary } from './audio-library';
import type { PostService } from './post-service';
import { newId } from '../ids';

const SWEEP_BATCH = 100;
const KEEP_FINISHED_SESSIONS_MS = 2 * AUTOSAVE_RECOVERY_AFTER_MS;
/** Failed recoveries a session may cause (one a sweep, hourly) before it is given up. */
const MAX_RECOVERY_ATTEMPTS = 3;
/** Far more than the text fields and part headers around an honest chunk in its multipart body. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const SESSION_FULL_MESSAGE =
  `This recording has reached ${megabytes(MAX_AUTOSAVE_SESSION_BYTES)}, the most a recording may be, so it is ` +
  'no longer saved as you go. Stop here and publish it or save it as a draft.';
const QUOTA_FULL_MESSAGE =
  `Autosave is full: your unpublished recordings already use the ${megabytes(MAX_AUTOSAVE_BYTES_PER_USER)} it ` +
  'keeps for you, so this one is no longer saved as you go. Publish it or save it as a draft to keep it. An ' +
  'earlier unfinished recording frees its space when it comes back as a "Recovered recording" draft within a day.';
const FIRST_CHUNK_NOT_AUDIO_MESSAGE =
  'The first chunk of a recording must be audio (WebM, MP4, Ogg, WAV, FLAC, MP3 or AAC) from its first byte, ' +
  'and this one is not. Send the recorder’s chunks in order, starting with chunk 0.';

export interface AutosaveService {
  /** Refuses a chunk whose request is already too large by its Content-Length, before it streams in. */
  refuseOversizedChunk(userId: string, requestBytes: number | undefined): Promise<void>;
  /** Keeps one chunk of a recording in progress (spec §4 Autosave). */
  saveChunk(
    userId: string,
    chunk: { sessionId: string; chunkNumber: number; totalDuration?: number | undefined },
    upload: ScratchFile,
  ): Promise<{ savedAt: string }>;
  /** The person discarded the recording: its chunks go with the next sweep and it is never recovered. */
  discard(userId: string, sessionId: string): Promise<void>;
  /** Job handler: recordings never published within 24 hours become private "Recovered recording" drafts. */
  recoverAbandoned(signal?: AbortSignal): Promise<JobOutcome>;
}

type StoredChunk = { chunk_number: number; bytes: number; storage_key: string };

/** Why this chunk may not join its session, if it may not. */
function refusalOf(
  usage: { chunks: StoredChunk[]; otherSessionsBytes: number },
  chunk: { chunkNumber: number; bytes: number; startsAsAudio: boolean },
): Error | undefined {
  const others = usage.chunks.filter((stored) => stored.chunk_number !== chunk.chunkNumber);
  // Later chunks continue the stream the lowest one opened; only that one carries the container's header.
  const opensSession = others.every((stored) => stored.chunk_number > chunk.chunkNumber);
  if (opensSession && !chunk.startsAsAudio) return new UnprocessableError(FIRST_CHUNK_NOT_AUDIO_MESSAGE);
  const sessionBytes = others.reduce((sum, stored) => sum + stored.bytes, 0) + chunk.bytes;
  if (sessionBytes > MAX_AUTOSAVE_SESSION_BYTES) return new PayloadTooLargeError(SESSION_FULL_MESSAGE);
  if (usage.otherSessionsBytes + sessionBytes > MAX_AUTOSAVE_BYTES_PER_USER) {
    return new PayloadTooLargeError(QUOTA_FULL_MESSAGE);
  }
  return undefined;
}

/** The session's chunks from the first, as many as fit in a recording: all of them unless stored before the cap. */
function leadingChunksWithin<T extends { bytes: number }>(chunks: T[], maxBytes: number): T[] {
  const kept: T[] = [];
  let total = 0;
  for (const chunk of chunks) {
    total += chunk.bytes;
    if (total > maxBytes) break;
    kept.push(chunk);
  }
  return kept;
}

export function createAutosaveService(deps: {
  db: Db;
  blobs: BlobStore;
  scratch: ScratchFiles;
  audio: AudioLibrary;
  posts: PostService;
  log: FastifyBaseLogger;
  now?: () => Date;
}): AutosaveService {
  const { db, blobs, scratch, audio, posts, log } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * MediaRecorder timeslices are consecutive pieces of one stream, so their bytes join into the whole file. A
   * chunk missing from storage is our loss, not the recording's fault: the error says which one.
   */
  function joinChunks(chunks: StoredChunk[]): Promise<ScratchFile> {
    async function* concatenated() {
      for (const chunk of chunks) {
        const stored = await blobs.getStream(chunk.storage_key).catch((error: unknown) => {
          if (!(error instanceof BlobNotFoundError)) throw error;
          throw new Error(
            `autosaved chunk ${chunk.chunk_number} (${chunk.storage_key}) is missing from storage`,
            {
              cause: error,
            },
          );
        });
        yield* stored.body;
      }
    }
    return scratch.receive(Readable.from(concatenated()), MAX_AUTOSAVE_SESSION_BYTES);
  }

  /** A failure the session's content caused: counted, and at the limit the session is given up. */
  async function countFailure(session: AutosaveSessionKey, reason: string): Promise<void> {
    const at = now().toISOString();
    const attempts = await recordFailedRecovery(db, session, {
      at,
      error: reason,
      countsAgainstSession: true,
    });
    const details = { ...session, attempts, reason };
    if (attempts < MAX_RECOVERY_ATTEMPTS) {
      log.warn(details, 'could not recover an autosaved recording; the next sweep tries again');
      return;
    }
    log.error(details, 'gave up recovering an autosaved recording; its chunks are removed');
    await markAutosavePublished(db, session.userId, session.sessionId, at);
  }

  /** Recovers one session; a failure of its own content is counted against it, any other failure is thrown. */
  async function recover(session: AutosaveSessionKey): Promise<void> {
    const chunks = await autosaveChunks(db, session.userId, session.sessionId);
    const at = now().toISOString();
    if (chunks.length === 0) {
      await markAutosavePublished(db, session.userId, session.sessionId, at);
      return;
    }
    const kept = leadingChunksWithin(chunks, MAX_AUTOSAVE_SESSION_BYTES);
    if (kept.length === 0) {
      return countFailure(session, 'its first chunk alone is larger than a recording may be');
    }
    if (kept.length < chunks.length) {
      log.warn(
        { ...session, keptChunks: kept.length, chunks: chunks.length },
        'autosaved recording is larger than a recording may be (saved before the limit); recovering its start',
      );
    }
    const joined = await joinChunks(kept);
    try {
      const prepared = await audio.prepare(joined, session.userId, true, AUDIO_DURATION_LIMITS.post);
      const recovered = await posts.insertRecovered(
        {
          id: newId(),
          user_id: session.userId,
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
        session,
      );
      if (!recovered)
        log.info(session, 'autosaved recording was closed meanwhile (published, or recovered elsewhere)');
    } catch (error) {
      // The analysis tells a file that does not decode (NotAudioError) from an ffmpeg that does not work (ours).
      if (!(error instanceof NotAudioError)) throw error;
      await countFailure(session, error.message);
    } finally {
      await scratch.discard(joined);
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

  /**
   * Each session on its own: one whose content fails does not stop the others. A failure of ours (ffmpeg, disk,
   * database) would fail the rest alike, so it ends the sweep without counting against the session, and the
   * job fails to be retried.
   */
  async function recoverEach(sessions: AutosaveSessionKey[], signal: AbortSignal | undefined): Promise<void> {
    for (const session of sessions) {
      // A shutdown stops between sessions; the job is queued again and the rest wait for the next run.
      signal?.throwIfAborted();
      try {
        await recover(session);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log.error({ ...session, err: error }, 'could not recover an autosaved recording: our fault, not its');
        await recordFailedRecovery(db, session, {
          at: now().toISOString(),
          error: reason,
          countsAgainstSession: false,
        });
        throw error;
      }
    }
  }

  return {
    async refuseOversizedChunk(userId, requestBytes) {
      if (requestBytes === undefined) return;
      const chunkAtLeast = requestBytes - MULTIPART_OVERHEAD_BYTES;
      if (chunkAtLeast > MAX_AUTOSAVE_SESSION_BYTES) throw new PayloadTooLargeError(SESSION_FULL_MESSAGE);
      const open = await openAutosaveBytes(db, userId);
      // The chunk may be a retry that replaces any one stored chunk, so only the others surely stay.
      if (open.total - open.largestChunk + chunkAtLeast > MAX_AUTOSAVE_BYTES_PER_USER) {
        throw new PayloadTooLargeError(QUOTA_FULL_MESSAGE);
      }
    },

    async saveChunk(userId, chunk, upload) {
      const at = now().toISOString();
      const startsAsAudio = sniffAudioFormat(await readHead(upload.path)) !== undefined;
      const session = { userId, sessionId: chunk.sessionId };
      const key = `autosave/${newId()}.part`;
      await blobs.putFile(key, upload.path, { contentType: 'application/octet-stream' });
      let outcome: { stored: boolean; replacedKey?: string | undefined };
      try {
        outcome = await db.transaction().execute(async (trx) => {
          await lockAutosaveOf(trx, userId);
          const usage = await autosaveUsage(trx, session);
          // A chunk that arrives after the recording was published or recovered is not kept.
          if (usage.closed) return { stored: false };
          const refusal = refusalOf(usage, { ...chunk, bytes: upload.bytes, startsAsAudio });
          if (refusal) throw refusal;
          await storeAutosaveChunk(trx, {
            ...session,
            chunkNumber: chunk.chunkNumber,
            key,
            bytes: upload.bytes,
            at,
            totalDuration: chunk.totalDuration ?? 0,
          });
          const replaced = usage.chunks.find((stored) => stored.chunk_number === chunk.chunkNumber);
          return { stored: true, replacedKey: replaced?.storage_key };
        });
      } catch (error) {
        await blobs.delete(key);
        throw error;
      }
      if (!outcome.stored) await blobs.delete(key);
      if (outcome.replacedKey) await blobs.delete(outcome.replacedKey);
      return { savedAt: at };
    },

    async discard(userId, sessionId) {
      await closeAutosaveSession(db, userId, sessionId, now().toISOString());
    },

    async recoverAbandoned(signal) {
      const cutoff = new Date(now().getTime() - AUTOSAVE_RECOVERY_AFTER_MS).toISOString();
      const sessions = await abandonedAutosaveSessions(db, cutoff, SWEEP_BATCH);
      try {
        await recoverEach(
          sessions.map((row) => ({ userId: row.user_id, sessionId: row.session_id })),
          signal,
        );
      } finally {
        await removeFinished();
      }
      return sessions.length > 0 ? 'done' : 'skipped';
    },
  };
}

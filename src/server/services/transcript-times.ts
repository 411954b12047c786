import { timedWords, type WordTimes } from '@shared/domain/transcript-timing';
import type { PostTranscript } from '@shared/contract/posts';
import { TRANSCRIPTION_MAX_LENGTH } from '@shared/domain/posts';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { notFound } from '../access/guard';
import { actorOf } from '../access/policy';
import { findPostFor, mayTranscribe } from '../access/posts';
import type { Db } from '../db/database';
import { findAudioAsset } from '../db/queries/audio-assets';
import { findPost } from '../db/queries/posts';
import { findUserById } from '../db/queries/users';
import {
  deleteTranscriptTimes,
  findTranscriptTimes,
  saveTranscriptTimes,
  listUntranscribedPosts,
  setRecognisedTranscription,
} from '../db/queries/transcript-times';
import type { JobOutcome } from '../jobs/catalogue';
import type { JobQueue } from '../jobs/job-queue';
import type { Ffmpeg } from '../media/ffmpeg';
import type { ForcedAligner } from '../media/forced-aligner';
import type { Recognised, TranscriptionClient } from '../media/transcription-client';
import type { AudioLibrary } from './audio-library';

/** A recording and the transcript it has now. */
export interface TranscribedRecording {
  audioId: string;
  transcription: string | null;
}

export interface TranscriptTimes {
  /**
   * Queues, in the caller's transaction (`db`) and after the jobs already queued (its rendition's), the alignment
   * of the post's `transcription` with its audio; without one, its recognition when a recogniser is configured.
   * Called whenever either changes or the post is published; a run finds what it should do.
   */
  queue(db: Db, postId: string, transcription: string | null | undefined): Promise<void>;
  /** Job handler: the post's word times, aligned if they can be trusted, else none (the estimate). Idempotent. */
  alignPost(postId: string, signal: AbortSignal): Promise<JobOutcome>;
  /**
   * Job handler: a public post without a transcript gets the one the operator's recogniser hears, with its word
   * times; never over one its author wrote meanwhile. Idempotent.
   */
  recognisePost(postId: string, signal: AbortSignal): Promise<JobOutcome>;
  /**
   * Job handler: the recognition of a page of published posts stored without a transcript, newest first from
   * `after`, and the next page's run queued behind them; nothing without a recogniser.
   */
  backfill(after: string | undefined): Promise<JobOutcome>;
  /** The aligned times of each recording (by audio id) that has them for the transcript it has now. */
  timesOf(recordings: readonly TranscribedRecording[]): Promise<Map<string, WordTimes>>;
  /**
   * GET /api/posts/:id/transcript: the post's transcript word by word, timed, for whoever may see the post (no
   * words when it has none).
   */
  transcript(viewerId: string | undefined, postId: string): Promise<PostTranscript>;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hasText = (text: string | null | undefined): text is string => Boolean(text?.trim());
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** A recogniser's time: a minute plus the recording's length (a CPU whisper runs near real time). */
/** Posts queued for recognition a run: the recognitions themselves are jobs of their own, in the background. */
export const TRANSCRIPT_BACKFILL_BATCH = 20;
export const TRANSCRIPT_BACKFILL_KEY = 'transcript-backfill';

const recognitionBudgetMs = (seconds: number) => 60_000 + seconds * 1000;

/** The recognised words that fit a transcript's length, as its text, and their times when the server gave them. */
function transcriptOf(heard: Recognised, duration: number) {
  const words: Recognised['words'] = [];
  let length = -1;
  for (const word of heard.words) {
    length += word.text.length + 1;
    if (length > TRANSCRIPTION_MAX_LENGTH) break;
    words.push(word);
  }
  // Times out of order would light the words out of order: the estimate then.
  const timed = words.every(
    (word, index) => Number.isFinite(word.start) && word.start >= (words[index - 1]?.start ?? 0),
  );
  return {
    text: words.map((word) => word.text).join(' '),
    times: timed ? words.map(({ start, end }) => [round(start), round(Math.min(end, duration))]) : undefined,
  };
}

export function createTranscriptTimes(deps: {
  db: Db;
  jobs: JobQueue;
  audio: AudioLibrary;
  ffmpeg: Ffmpeg;
  aligner: ForcedAligner;
  /** The operator's speech recogniser (TRANSCRIBE_URL); none, and posts without a transcript keep none. */
  recogniser: TranscriptionClient | undefined;
  newScratchPath: (extension: string) => Promise<string>;
  log: FastifyBaseLogger;
}): TranscriptTimes {
  const { db, jobs, audio, ffmpeg, aligner, recogniser, newScratchPath, log } = deps;

  async function timesOf(recordings: readonly TranscribedRecording[]): Promise<Map<string, WordTimes>> {
    const transcribed = recordings.filter((recording) => hasText(recording.transcription));
    const stored = await findTranscriptTimes(
      db,
      transcribed.map((recording) => recording.audioId),
    );
    const byAudio = new Map(stored.map((row) => [row.audioId, row]));
    const times = new Map<string, WordTimes>();
    for (const { audioId, transcription } of transcribed) {
      const row = byAudio.get(audioId);
      if (row && row.transcriptSha256 === sha256(transcription!)) {
        times.set(audioId, JSON.parse(row.wordTimesJson) as WordTimes);
      }
    }
    return times;
  }

  /** Behind every rendition, including those of uploads that arrive while it waits. */
  const queueRecognition = (database: Db, postId: string) =>
    jobs.enqueue(
      'transcripts.recognise',
      { postId },
      { uniqueKey: `recognise:${postId}`, priority: 'background', db: database },
    );

  return {
    async queue(database, postId, transcription) {
      if (hasText(transcription)) {
        await jobs.enqueue('transcripts.align', { postId }, { uniqueKey: `align:${postId}`, db: database });
      } else if (recogniser) {
        await queueRecognition(database, postId);
      }
    },

    async backfill(after) {
      if (!recogniser) return 'skipped';
      const page = await listUntranscribedPosts(db, { limit: TRANSCRIPT_BACKFILL_BATCH, cursor: after });
      await db.transaction().execute(async (trx) => {
        for (const post of page.items) await queueRecognition(trx, post.id);
        if (page.nextCursor) {
          await jobs.enqueue(
            'transcripts.backfill',
            { after: page.nextCursor },
            { uniqueKey: TRANSCRIPT_BACKFILL_KEY, priority: 'background', db: trx },
          );
        }
      });
      return page.items.length > 0 ? 'done' : 'skipped';
    },

    async alignPost(postId, signal) {
      const post = await findPost(db, postId);
      if (!post || !hasText(post.transcription)) return 'skipped';
      const asset = await findAudioAsset(db, post.audio_id);
      if (!asset) return 'skipped';
      const transcriptSha256 = sha256(post.transcription);
      if ((await timesOf([{ audioId: asset.id, transcription: post.transcription }])).size > 0)
        return 'skipped';
      const text = post.transcription;
      const outcome = await audio.withOriginal(asset, (original) =>
        aligner.align(original, text, asset.duration, signal),
      );
      if (outcome.kind === 'estimated') {
        log.info({ postId, reason: outcome.reason }, 'transcript keeps its estimated word times');
        await deleteTranscriptTimes(db, asset.id);
        return 'done';
      }
      await saveTranscriptTimes(db, {
        audioId: asset.id,
        transcriptSha256,
        wordTimesJson: JSON.stringify(outcome.times),
      });
      return 'done';
    },

    async recognisePost(postId, signal) {
      const post = await findPost(db, postId);
      if (!recogniser || !post || hasText(post.transcription)) return 'skipped';
      // The audio leaves this server: only what everyone may already hear, or what its owner agreed to send.
      const ownerAgreed =
        post.is_private === 1 && (await findUserById(db, post.user_id))?.transcribe_private === 1;
      if (!mayTranscribe(post, ownerAgreed)) return 'skipped';
      const asset = await findAudioAsset(db, post.audio_id);
      if (!asset) return 'skipped';
      const timeoutMs = recognitionBudgetMs(asset.duration);
      const heard = await audio.withOriginal(asset, async (original) => {
        const wav = await newScratchPath('wav');
        try {
          await ffmpeg.decodeForRecognition(original, wav, { timeoutMs, signal });
          return await recogniser.recognise(wav, { timeoutMs, signal });
        } finally {
          await rm(wav, { force: true });
        }
      });
      const { text, times } = transcriptOf(heard, asset.duration);
      if (!text) return 'done';
      if (!(await setRecognisedTranscription(db, { id: post.id, audioId: asset.id }, text))) return 'skipped';
      log.info(
        { postId, words: times?.length, language: heard.language },
        'post transcribed by the recogniser',
      );
      if (times) {
        await saveTranscriptTimes(db, {
          audioId: asset.id,
          transcriptSha256: sha256(text),
          wordTimesJson: JSON.stringify(times),
        });
      }
      return 'done';
    },

    timesOf,

    async transcript(viewerId, postId) {
      const post = await findPostFor(db, actorOf(viewerId), 'view', postId);
      const source = post.transcription_source ?? 'author';
      if (!hasText(post.transcription)) return { source, timing: 'estimated', words: [] };
      const asset = await findAudioAsset(db, post.audio_id);
      if (!asset) throw notFound('post');
      const times = await timesOf([{ audioId: asset.id, transcription: post.transcription }]);
      const { timing, words } = timedWords(post.transcription, asset.duration, times.get(asset.id));
      return { source, timing, words: words.map(({ text, start, end }) => ({ text, start, end })) };
    },
  };
}

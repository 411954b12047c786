import { timedWords, type WordTimes } from '@shared/domain/transcript-timing';
import type { PostTranscript } from '@shared/contract/posts';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { notFound } from '../access/guard';
import { actorOf } from '../access/policy';
import { findPostFor } from '../access/posts';
import type { Db } from '../db/database';
import { findAudioAsset } from '../db/queries/audio-assets';
import { findPost } from '../db/queries/posts';
import {
  deleteTranscriptTimes,
  findTranscriptTimes,
  saveTranscriptTimes,
} from '../db/queries/transcript-times';
import type { JobOutcome } from '../jobs/catalogue';
import type { JobQueue } from '../jobs/job-queue';
import type { ForcedAligner } from '../media/forced-aligner';
import type { AudioLibrary } from './audio-library';

/** A recording and the transcript it has now. */
export interface TranscribedRecording {
  audioId: string;
  transcription: string | null;
}

export interface TranscriptTimes {
  /**
   * Queues the alignment of the post's transcript with its audio, in the caller's transaction (`db`), after the
   * jobs already queued (its rendition's). Called whenever either changes; a run finds what it should do.
   */
  queueAlignment(db: Db, postId: string): Promise<void>;
  /** Job handler: the post's word times, aligned if they can be trusted, else none (the estimate). Idempotent. */
  alignPost(postId: string, signal: AbortSignal): Promise<JobOutcome>;
  /** The aligned times of each recording (by audio id) that has them for the transcript it has now. */
  timesOf(recordings: readonly TranscribedRecording[]): Promise<Map<string, WordTimes>>;
  /**
   * GET /api/posts/:id/transcript: the post's transcript word by word, timed, for whoever may see the post (no
   * words when it has none).
   */
  transcript(viewerId: string | undefined, postId: string): Promise<PostTranscript>;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hasText = (text: string | null): text is string => Boolean(text?.trim());

export function createTranscriptTimes(deps: {
  db: Db;
  jobs: JobQueue;
  audio: AudioLibrary;
  aligner: ForcedAligner;
  log: FastifyBaseLogger;
}): TranscriptTimes {
  const { db, jobs, audio, aligner, log } = deps;

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

  return {
    async queueAlignment(database, postId) {
      await jobs.enqueue('transcripts.align', { postId }, { uniqueKey: `align:${postId}`, db: database });
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

    timesOf,

    async transcript(viewerId, postId) {
      const post = await findPostFor(db, actorOf(viewerId), 'view', postId);
      if (!hasText(post.transcription)) return { timing: 'estimated', words: [] };
      const asset = await findAudioAsset(db, post.audio_id);
      if (!asset) throw notFound('post');
      const times = await timesOf([{ audioId: asset.id, transcription: post.transcription }]);
      const { timing, words } = timedWords(post.transcription, asset.duration, times.get(asset.id));
      return { timing, words: words.map(({ text, start, end }) => ({ text, start, end })) };
    },
  };
}

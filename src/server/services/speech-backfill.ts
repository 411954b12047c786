import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { listAudioWithoutSpeech, setSpeechRanges } from '../db/queries/audio-assets';
import type { AudioAssetRow } from '../db/schema';
import type { JobOutcome } from '../jobs/catalogue';
import type { JobQueue } from '../jobs/job-queue';
import { DecodeTimedOutError, MissingMediaError, NotAudioError } from '../media/media-errors';
import type { SpeechRanges } from '../media/speech-ranges';
import type { AudioLibrary } from './audio-library';

/** Recordings measured a run: a few seconds of decoding, so uploads' renditions never wait long behind it. */
export const SPEECH_BACKFILL_BATCH = 5;
export const SPEECH_BACKFILL_KEY = 'speech-backfill';

/**
 * Measures where the speech is in recordings stored before uploads measured it, a batch a run; while more remain,
 * the next batch is queued as a new job, so it runs after every job already waiting (renditions of new uploads).
 * A recording whose original is gone or no longer decodes is stored as speech throughout: nothing is skipped in
 * it, and it is not tried again. Running twice changes nothing: only unmeasured rows are written.
 */
export function createSpeechBackfill(deps: {
  db: Db;
  jobs: JobQueue;
  audio: AudioLibrary;
  log: FastifyBaseLogger;
}) {
  const { db, jobs, audio, log } = deps;

  async function speechOf(asset: AudioAssetRow): Promise<SpeechRanges> {
    try {
      return await audio.measureSpeech(asset);
    } catch (error) {
      // Kept as speech throughout, a decode that ran out of time too: left unmeasured, the oldest such recording
      // would head every batch from then on and hold up all the others.
      const unmeasurable =
        error instanceof MissingMediaError ||
        error instanceof NotAudioError ||
        error instanceof DecodeTimedOutError;
      if (!unmeasurable) throw error;
      log.warn(
        { assetId: asset.id, err: error },
        'stored audio could not be measured for silence; none is skipped',
      );
      return [[0, asset.duration]];
    }
  }

  return async function measureStoredSpeech(signal: AbortSignal): Promise<JobOutcome> {
    const batch = await listAudioWithoutSpeech(db, SPEECH_BACKFILL_BATCH);
    for (const asset of batch) {
      signal.throwIfAborted();
      await setSpeechRanges(db, asset.id, JSON.stringify(await speechOf(asset)));
    }
    if (batch.length === SPEECH_BACKFILL_BATCH) {
      await jobs.enqueue('media.measure-speech', {}, { uniqueKey: SPEECH_BACKFILL_KEY });
    }
    return batch.length > 0 ? 'done' : 'skipped';
  };
}

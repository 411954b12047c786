import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context';
import { forgetListenersBefore } from './db/queries/listens';
import { deleteExpiredFederationEntries } from './federation/kv-store';
import { deleteForgottenAttempts, deleteStaleWindows } from './db/queries/rate-limits';
import { deleteExpiredSessions } from './db/queries/sessions';
import { oldestKeptSaltDay } from './services/listen-service';
import { SPEECH_BACKFILL_KEY } from './services/speech-backfill';
import { TRANSCRIPT_BACKFILL_KEY } from './services/transcript-times';
import { LOGIN_FAILURES_FORGOTTEN_AFTER_MS } from './services/login-throttle';
import { SCRATCH_HEARTBEAT_MS, sweepAbandonedScratch, touchScratch } from './storage/scratch';

const EVERY_MS = 60 * 60 * 1000;
const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Housekeeping at start and hourly: expired sessions, old rate-limit windows and sign-in failures, the listeners
 * of days before yesterday, shared audio nobody took within the hour, federation cache entries past their expiry, temp files of instances that died, and three queued jobs with fixed keys (so many
 * instances schedule each once): a sweep for abandoned autosaves, the re-encoding of photos stored before
 * uploads were re-encoded, and the measuring of speech in recordings stored before uploads measured it. With a
 * speech recogniser, once at start, the transcription of published posts stored without a transcript. Keeps this instance's own temp files marked as live. Safe to run on every instance at once.
 */
export function startMaintenance(
  context: Pick<AppContext, 'db' | 'jobs' | 'config' | 'sharedAudio'>,
  log: FastifyBaseLogger,
): () => void {
  const { db, jobs, config, sharedAudio } = context;
  const sweepScratch = async () => {
    try {
      const removed = await sweepAbandonedScratch(config.dataDir);
      if (removed.length) log.info({ removed }, 'removed temp files left by instances that stopped');
    } catch (error) {
      log.warn({ err: error }, 'could not sweep temp files; will retry next hour');
    }
  };
  const run = async () => {
    const now = Date.now();
    await sweepScratch();
    try {
      await deleteExpiredSessions(db, new Date(now).toISOString());
      await deleteStaleWindows(db, new Date(now - RATE_LIMIT_RETENTION_MS).toISOString());
      await deleteForgottenAttempts(db, now - LOGIN_FAILURES_FORGOTTEN_AFTER_MS);
      await forgetListenersBefore(db, oldestKeptSaltDay(new Date(now)));
      await sharedAudio.sweep(now);
      await deleteExpiredFederationEntries(db, new Date(now).toISOString());
      await jobs.enqueue('autosave.recover-abandoned', {}, { uniqueKey: 'autosave-sweep' });
      await jobs.enqueue('images.reencode-legacy', {}, { uniqueKey: 'legacy-images' });
      await jobs.enqueue('media.measure-speech', {}, { uniqueKey: SPEECH_BACKFILL_KEY });
    } catch (error) {
      log.warn({ err: error }, 'maintenance failed; will retry next hour');
    }
  };
  const heartbeat = () =>
    touchScratch(config.dataDir).catch((error: unknown) =>
      log.warn({ err: error }, 'could not mark the temp directories as in use'),
    );
  const timers = [
    setInterval(() => void run(), EVERY_MS),
    setInterval(() => void heartbeat(), SCRATCH_HEARTBEAT_MS),
  ];
  for (const timer of timers) timer.unref();
  void heartbeat().then(run);
  // Once a start rather than hourly: a post the recogniser heard nothing in stays untranscribed, and is tried again
  // only at the next start.
  if (config.transcribe) {
    void jobs
      .enqueue('transcripts.backfill', {}, { uniqueKey: TRANSCRIPT_BACKFILL_KEY, priority: 'background' })
      .catch((error: unknown) => log.warn({ err: error }, 'could not queue the transcript backfill'));
  }
  return () => timers.forEach(clearInterval);
}

import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context';
import { deleteForgottenAttempts, deleteStaleWindows } from './db/queries/rate-limits';
import { deleteExpiredSessions } from './db/queries/sessions';
import { LOGIN_FAILURES_FORGOTTEN_AFTER_MS } from './services/login-throttle';

const EVERY_MS = 60 * 60 * 1000;
const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Hourly housekeeping: expired sessions, old rate-limit windows and sign-in failures, and a sweep for abandoned
 * autosaves (a queued job with a fixed key, so many instances schedule it once). Safe to run on every instance at
 * once.
 */
export function startMaintenance(
  context: Pick<AppContext, 'db' | 'jobs'>,
  log: FastifyBaseLogger,
): () => void {
  const { db, jobs } = context;
  const run = async () => {
    const now = Date.now();
    try {
      await deleteExpiredSessions(db, new Date(now).toISOString());
      await deleteStaleWindows(db, new Date(now - RATE_LIMIT_RETENTION_MS).toISOString());
      await deleteForgottenAttempts(db, now - LOGIN_FAILURES_FORGOTTEN_AFTER_MS);
      await jobs.enqueue('autosave.recover-abandoned', {}, { uniqueKey: 'autosave-sweep' });
    } catch (error) {
      log.warn({ err: error }, 'maintenance failed; will retry next hour');
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}

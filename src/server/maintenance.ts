import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database';
import { deleteStaleWindows } from './db/queries/rate-limits';
import { deleteExpiredSessions } from './db/queries/sessions';

const EVERY_MS = 60 * 60 * 1000;
const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Hourly housekeeping: expired sessions and old rate-limit windows. Safe to run on every instance at once. */
export function startMaintenance(db: Db, log: FastifyBaseLogger): () => void {
  const run = async () => {
    const now = Date.now();
    try {
      await deleteExpiredSessions(db, new Date(now).toISOString());
      await deleteStaleWindows(db, new Date(now - RATE_LIMIT_RETENTION_MS).toISOString());
    } catch (error) {
      log.warn({ err: error }, 'maintenance failed; will retry next hour');
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}

import type { Db } from '../db/database';
import { recordHit } from '../db/queries/rate-limits';

/** Fixed-window counters in the database, so that several app instances count together. */
export interface RateLimiter {
  /** Counts one hit against `key` and returns the hits in the window now open, this one included. */
  hit(key: string, windowMs: number): Promise<number>;
}

export function createRateLimiter(db: Db): RateLimiter {
  return {
    hit(key, windowMs) {
      const now = Date.now();
      return recordHit(db, key, new Date(now).toISOString(), new Date(now - windowMs).toISOString());
    },
  };
}

import type { Db } from '../db/database';
import { clearHits, hitsInWindow, recordHit } from '../db/queries/rate-limits';
import { TooManyRequestsError } from '../errors';

const WINDOW_MS = 15 * 60 * 1000;
// Generous enough that a person who mistypes a few times never meets them; tight enough to stop guessing.
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_ADDRESS = 50;

const accountKey = (email: string) => `login-failure:account:${email}`;
const addressKey = (ip: string) => `login-failure:ip:${ip}`;

export interface LoginThrottle {
  /** Throws 429 when this address or this account has failed too often lately. */
  assertAllowed(ip: string, email: string): Promise<void>;
  recordFailure(ip: string, email: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

export function createLoginThrottle(db: Db): LoginThrottle {
  const windowStart = () => new Date(Date.now() - WINDOW_MS).toISOString();
  return {
    async assertAllowed(ip, email) {
      const since = windowStart();
      const [byAccount, byAddress] = await Promise.all([
        hitsInWindow(db, accountKey(email), since),
        hitsInWindow(db, addressKey(ip), since),
      ]);
      if (byAccount >= MAX_FAILURES_PER_ACCOUNT || byAddress >= MAX_FAILURES_PER_ADDRESS) {
        throw new TooManyRequestsError(
          'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
          WINDOW_MS / 1000,
        );
      }
    },
    async recordFailure(ip, email) {
      const now = new Date().toISOString();
      const since = windowStart();
      await recordHit(db, accountKey(email), now, since);
      await recordHit(db, addressKey(ip), now, since);
    },
    async recordSuccess(email) {
      await clearHits(db, accountKey(email));
    },
  };
}

import type { Db } from '../db/database';
import {
  blockedUntil,
  clearAttempts,
  releaseAttempt,
  reserveAttempt,
  type BackoffPolicy,
} from '../db/queries/rate-limits';
import { TooManyRequestsError } from '../errors';
import { addressBlock } from './address-block';

const MINUTE_MS = 60_000;

/**
 * Guessing one person's password from one address. Generous enough that a person who mistypes a few times never
 * meets it; after that, each wrong guess doubles the wait. The owner signing in from anywhere else is unaffected.
 */
export const ACCOUNT_AND_ADDRESS_BACKOFF: BackoffPolicy = {
  allowance: 5,
  firstWaitMs: MINUTE_MS,
  maxWaitMs: 60 * MINUTE_MS,
};

/** Guessing across many accounts from one address. */
export const ADDRESS_BACKOFF: BackoffPolicy = {
  allowance: 50,
  firstWaitMs: MINUTE_MS,
  maxWaitMs: 60 * MINUTE_MS,
};

/** A key that has not been blocked for this long starts again with its full allowance. */
export const LOGIN_FAILURES_FORGOTTEN_AFTER_MS = 24 * 60 * MINUTE_MS;

// Keyed by the client's address block (an IPv6 /64), so that hopping between its addresses gains nothing.
const addressKey = (ip: string) => `login:address:${addressBlock(ip)}`;
// An address block never contains a space, so the key of one (address, account) pair cannot be another's.
const accountAndAddressKey = (ip: string, email: string) => `login:pair:${addressBlock(ip)} ${email}`;

export interface LoginThrottle {
  /**
   * Takes one sign-in attempt for this address and account before the password is checked; it counts as a
   * failure unless `recordSuccess` follows. Throws 429, saying how long to wait, when either must wait.
   */
  reserveAttempt(ip: string, email: string): Promise<void>;
  /** Clears the pair's failures and gives the address its attempt back. */
  recordSuccess(ip: string, email: string): Promise<void>;
}

function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function createLoginThrottle(db: Db): LoginThrottle {
  async function reserve(key: string, policy: BackoffPolicy): Promise<void> {
    const now = Date.now();
    if (await reserveAttempt(db, key, policy, now, now - LOGIN_FAILURES_FORGOTTEN_AFTER_MS)) return;
    const until = await blockedUntil(db, key);
    // Measured from now: the wait may have been set by an attempt that started after this one.
    const seconds = Math.max(1, Math.ceil(((until ?? now) - Date.now()) / 1000));
    throw new TooManyRequestsError(
      `Too many failed sign-in attempts. Please wait ${waitInWords(seconds)} and try again.`,
      seconds,
    );
  }

  return {
    async reserveAttempt(ip, email) {
      // The address first: hammering an account that must wait still counts against the address.
      await reserve(addressKey(ip), ADDRESS_BACKOFF);
      await reserve(accountAndAddressKey(ip, email), ACCOUNT_AND_ADDRESS_BACKOFF);
    },
    async recordSuccess(ip, email) {
      await clearAttempts(db, accountAndAddressKey(ip, email));
      await releaseAttempt(db, addressKey(ip));
    },
  };
}

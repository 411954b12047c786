import { hash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { deleteSession, extendSession, findLiveSessionUser, insertSession } from '../db/queries/sessions';
import type { UserRow } from '../db/schema';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Sliding expiry without a write on every request: extend only once half the lifetime has passed.
const EXTEND_WHEN_REMAINING_MS = SESSION_TTL_MS / 2;

function sessionIdOf(token: string): string {
  return hash('sha256', token);
}

export interface SessionStore {
  create(userId: string): Promise<{ token: string; expiresAt: Date }>;
  /** The signed-in user, or undefined when the token is unknown or expired. */
  resolve(token: string): Promise<UserRow | undefined>;
  destroy(token: string): Promise<void>;
}

export function createSessionStore(db: Db): SessionStore {
  return {
    async create(userId) {
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      await insertSession(db, {
        id: sessionIdOf(token),
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
      });
      return { token, expiresAt };
    },

    async resolve(token) {
      const now = Date.now();
      const id = sessionIdOf(token);
      const found = await findLiveSessionUser(db, id, new Date(now).toISOString());
      if (!found) return undefined;
      const { session_expires_at: expiresAt, ...user } = found;
      if (Date.parse(expiresAt) - now < EXTEND_WHEN_REMAINING_MS) {
        await extendSession(db, id, new Date(now + SESSION_TTL_MS).toISOString());
      }
      return user;
    },

    async destroy(token) {
      await deleteSession(db, sessionIdOf(token));
    },
  };
}

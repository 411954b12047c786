import { compiledPerShape } from '../compiled-query';
import type { Db } from '../database';
import type { SessionRow } from '../schema';

export async function insertSession(db: Db, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

const liveSessionUser = compiledPerShape(
  () => 'one shape',
  (db, _shape: undefined, { id, now }: { id: string; now: string }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select('sessions.expires_at as session_expires_at')
      .where('sessions.id', '=', id)
      .where('sessions.expires_at', '>', now)
      // Suspending ends a person's sessions; this closes the gap of a request already under way.
      .where('users.suspended_at', 'is', null),
);

/** The signed-in person of a live session, with when it expires, in one query (compiled once: every request asks). */
export async function findLiveSessionUser(db: Db, id: string, now: string) {
  const [found] = await liveSessionUser(db, undefined, { id, now });
  return found;
}

export async function extendSession(db: Db, id: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

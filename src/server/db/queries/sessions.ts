import type { Db } from '../database';
import type { SessionRow } from '../schema';

export async function insertSession(db: Db, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export function findLiveSession(db: Db, id: string, now: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
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

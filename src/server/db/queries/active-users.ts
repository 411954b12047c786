import { sql, type Kysely } from 'kysely';
import type { Db } from '../database';
import type { Database, UserRow } from '../schema';
import { isRealPerson } from './users';
import { withoutHidden } from './safety';

/** last_active_at moves at most once a minute: activity is a write already, but a second one each time is not. */
const ACTIVITY_RESOLUTION_MS = 60 * 1000;

/**
 * Notes that the person did something others can see (published a public post, commented, reacted, reposted,
 * followed) at `now`; what stays private (drafts, diary entries, private posts, listening, signing in) never moves
 * it, since Active Users would tell it to everyone. The row is written only when its time is a minute or more
 * behind; otherwise the statement matches nothing.
 */
export async function noteActivity(db: Db, userId: string, now = new Date()): Promise<void> {
  const stale = new Date(now.getTime() - ACTIVITY_RESOLUTION_MS).toISOString();
  await db
    .updateTable('users')
    .set({ last_active_at: now.toISOString() })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', stale)]))
    .execute();
}

/**
 * Real people, most recently active first, never `exceptId` (the viewer) nor anyone hidden from them (blocks and
 * mutes): a walk down users_last_active that skips bot and test accounts and stops at `limit`.
 */
export function listActiveUsers(db: Db, exceptId: string | undefined, limit: number): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll().where('last_active_at', 'is not', null).where(isRealPerson);
  if (exceptId)
    query = withoutHidden(db, query.where('id', '<>', exceptId), 'users.id', exceptId, 'blocks-and-mutes');
  return query.orderBy('last_active_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Everyone's last activity from what their rows say: their newest public post, comment, reaction, repost or
 * follow. For the migration that adds the column, and for seeded data.
 */
export async function recomputeLastActive(db: Kysely<Database>): Promise<void> {
  const newest = (table: string, column: string) =>
    sql`select max(created_at) as at from ${sql.table(table)} where ${sql.ref(`${table}.${column}`)} = users.id`;
  await sql`update users set last_active_at = (select max(at) from (
      ${newest('posts', 'user_id')} and posts.is_private = 0 and posts.is_draft = 0
      union all ${newest('comments', 'user_id')}
      union all ${newest('post_reactions', 'user_id')}
      union all ${newest('reposts', 'user_id')}
      union all ${newest('follows', 'follower_id')}) as activity)`.execute(db);
}

import { sql } from 'kysely';
import type { Db } from '../database';

/**
 * Counts one hit against `key` in a fixed window and returns the hits so far in it. One atomic upsert, so
 * several app instances sharing the database count together.
 */
export async function recordHit(
  db: Db,
  key: string,
  now: string,
  windowStartedAfter: string,
): Promise<number> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_started_at: now, hits: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.window_started_at <= ${windowStartedAfter} then 1 else rate_limits.hits + 1 end`,
        window_started_at: sql<string>`case when rate_limits.window_started_at <= ${windowStartedAfter} then ${now} else rate_limits.window_started_at end`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

export async function hitsInWindow(db: Db, key: string, windowStartedAfter: string): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select('hits')
    .where('key', '=', key)
    .where('window_started_at', '>', windowStartedAfter)
    .executeTakeFirst();
  return row ? Number(row.hits) : 0;
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

export async function deleteStaleWindows(db: Db, windowStartedBefore: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_started_at', '<=', windowStartedBefore).execute();
}

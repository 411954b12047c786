import { sql, type RawBuilder } from 'kysely';
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

export async function deleteStaleWindows(db: Db, windowStartedBefore: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_started_at', '<=', windowStartedBefore).execute();
}

/** How attempts on one key back off: free attempts first, then waits that double up to a cap. */
export interface BackoffPolicy {
  /** Failed attempts before the first wait. */
  allowance: number;
  firstWaitMs: number;
  maxWaitMs: number;
}

/**
 * `now` plus the wait that this many failures earn: none within the allowance, then the first wait, doubling
 * with each further failure up to the cap. Constants are inlined: they are ours, and PostgreSQL must see them as
 * integers for `<<`.
 */
function blockedAfter(failures: RawBuilder<number>, policy: BackoffPolicy, now: number): RawBuilder<number> {
  const doublingsToCap = Math.ceil(Math.log2(policy.maxWaitMs / policy.firstWaitMs));
  const beyondAllowance = sql<number>`(${failures} - ${sql.lit(policy.allowance)})`;
  return sql<number>`cast(${now} as bigint) + case
    when ${failures} < ${sql.lit(policy.allowance)} then 0
    when ${beyondAllowance} >= ${sql.lit(doublingsToCap)} then ${sql.lit(policy.maxWaitMs)}
    else ${sql.lit(policy.firstWaitMs)} << ${beyondAllowance}
  end`;
}

/**
 * Takes one attempt on `key` unless the key must still wait, counting it as a failure until cleared. One atomic
 * upsert: concurrent attempts, from any number of app instances, are counted one at a time, so no more than the
 * allowance ever go ahead. A key whose last block ended before `forgetBefore` starts again from one.
 */
export async function reserveAttempt(
  db: Db,
  key: string,
  policy: BackoffPolicy,
  now: number,
  forgetBefore: number,
): Promise<boolean> {
  const failures = sql<number>`case
    when login_throttles.blocked_until <= ${forgetBefore} then 1
    else login_throttles.failures + 1
  end`;
  const reserved = await db
    .insertInto('login_throttles')
    .values({ key, failures: 1, blocked_until: blockedAfter(sql.lit(1), policy, now) })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({ failures, blocked_until: blockedAfter(failures, policy, now) })
        // Below the allowance a key never waits, even if an attempt given back had started a wait.
        .where((row) =>
          row.or([
            row('login_throttles.failures', '<', policy.allowance),
            row('login_throttles.blocked_until', '<=', now),
          ]),
        ),
    )
    .returning('key')
    .executeTakeFirst();
  return reserved !== undefined;
}

/** Epoch milliseconds until which `key` must wait, if it is known. */
export async function blockedUntil(db: Db, key: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('login_throttles')
    .select('blocked_until')
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? Number(row.blocked_until) : undefined;
}

/** Forgets every failure on `key`. */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttles').where('key', '=', key).execute();
}

/** Gives back one reserved attempt that turned out not to be a failure. */
export async function releaseAttempt(db: Db, key: string): Promise<void> {
  await db
    .updateTable('login_throttles')
    .set({ failures: sql<number>`failures - 1` })
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

export async function deleteForgottenAttempts(db: Db, blockEndedBefore: number): Promise<void> {
  await db.deleteFrom('login_throttles').where('blocked_until', '<=', blockEndedBefore).execute();
}

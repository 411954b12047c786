import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../database';
import { countToNumber, forNoKeyUpdate } from '../dialect';
import { newestFirstPage, type Page, type PageRequest } from '../pagination';
import type { UserRow } from '../schema';

/**
 * Whom a list leaves out for its viewer: `blocks` the people they block and the people who block them;
 * `blocks-and-mutes` the people they mute as well (what comes to them: feeds, notifications, suggestions).
 */
export type Hidden = 'blocks' | 'blocks-and-mutes';

/**
 * The ids of the people hidden from `viewerId`, each side read from its own index (the primary keys, and
 * user_blocks_blocked for who blocks them). A list compares its author column with it: one small set per query
 * rather than a lookup per row.
 */
function hiddenPeople(db: Db, viewerId: string, hidden: Hidden) {
  const blocks = db
    .selectFrom('user_blocks')
    .select('blocked_id as id')
    .where('blocker_id', '=', viewerId)
    .unionAll(db.selectFrom('user_blocks').select('blocker_id as id').where('blocked_id', '=', viewerId));
  if (hidden === 'blocks') return blocks;
  return blocks.unionAll(
    db.selectFrom('user_mutes').select('muted_id as id').where('muter_id', '=', viewerId),
  );
}

/**
 * `query` without the rows whose `column` (a person's id) is hidden from the viewer; unchanged for a visitor. A
 * `nullable` column (a visitor's comment has no author) keeps its null rows: `not in` alone would drop them.
 */
export function withoutHidden<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  viewerId: string | undefined,
  hidden: Hidden,
  nullable = false,
): SelectQueryBuilder<DB, TB, O> {
  if (viewerId === undefined) return query;
  const ref = sql.ref(column);
  const people = hiddenPeople(db, viewerId, hidden);
  return query.where(
    nullable
      ? sql<boolean>`(${ref} is null or ${ref} not in (${people}))`
      : sql<boolean>`${ref} not in (${people})`,
  );
}

/**
 * The rows whose `column` (a person's id) is not hidden from `viewerId`, as a condition for any statement (an update
 * too). `viewerId` may be a column reference: each row then weighs its own viewer (a member's unread count).
 */
export function notHiddenFrom(db: Db, column: string, viewerId: string, hidden: Hidden) {
  return sql<boolean>`${sql.ref(column)} not in (${hiddenPeople(db, viewerId, hidden)})`;
}

/** The rows whose `column` is someone hidden from `viewerId`: what `notHiddenFrom` leaves out. */
export function hiddenFrom(db: Db, column: string, viewerId: string, hidden: Hidden) {
  return sql<boolean>`${sql.ref(column)} in (${hiddenPeople(db, viewerId, hidden)})`;
}

/**
 * A suspended person is gone from others' lists, as their profile is (issue 17): the one condition every list of
 * people (joined as `users`) applies, alone or within a rule of its own (`isRealPerson`).
 */
export const isNotSuspended = sql<boolean>`${sql.ref('users.suspended_at')} is null`;

export const withoutSuspended = <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
  query.where(isNotSuspended);

/** The few suspended people, one small set read from their partial index (users_suspended). */
export const suspendedPeople = (db: Db) =>
  db.selectFrom('users').select('users.id').where('users.suspended_at', 'is not', null);

/** Which of `others` block `userId` or are blocked by them (a block is a fact access/people.ts reads). */
export async function blockedAmong(db: Db, userId: string, others: readonly string[]): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_blocks')
    .select('blocked_id as id')
    .where('blocker_id', '=', userId)
    .where('blocked_id', 'in', others)
    .unionAll(
      db
        .selectFrom('user_blocks')
        .select('blocker_id as id')
        .where('blocked_id', '=', userId)
        .where('blocker_id', 'in', others),
    )
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Whether any two of `people` stand on either side of a block (everyone in a group, say). */
export async function anyBlockWithin(db: Db, people: readonly string[]): Promise<boolean> {
  if (people.length < 2) return false;
  const row = await db
    .selectFrom('user_blocks')
    .select('blocker_id')
    .where('blocker_id', 'in', people)
    .where('blocked_id', 'in', people)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `viewerId` blocks and mutes `userId`: what their own view of that profile says. */
export async function relationTo(
  db: Db,
  viewerId: string,
  userId: string,
): Promise<{ blocks: boolean; mutes: boolean }> {
  const [blocks, mutes] = await Promise.all([
    isBlocking(db, viewerId, userId),
    isMuting(db, viewerId, userId),
  ]);
  return { blocks, mutes };
}

/** Whether `muterId` mutes `mutedId` (one way). */
export async function isMuting(db: Db, muterId: string, mutedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_mutes')
    .select('muter_id')
    .where('muter_id', '=', muterId)
    .where('muted_id', '=', mutedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `blockerId` blocks `blockedId` (one way). */
export async function isBlocking(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_blocks')
    .select('blocker_id')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Inside a transaction: holds both people's rows until it ends, taken in id order so that two such transactions
 * never wait on each other crosswise. A block and a follow between the same two take turns this way, and so do
 * one person's blocks (their count stays true). False when either person is gone (deleted just now).
 */
export async function lockPair(db: Db, a: string, b: string): Promise<boolean> {
  const rows = await forNoKeyUpdate(
    db,
    db.selectFrom('users').select('id').where('id', 'in', [a, b]).orderBy('id'),
  ).execute();
  return rows.length === 2;
}

/** How many people `userId` blocks (mutes), counted up to `upTo` at most: the primary key's prefix alone. */
export async function countListed(
  db: Db,
  list: 'blocks' | 'mutes',
  userId: string,
  upTo: number,
): Promise<number> {
  const listed =
    list === 'blocks'
      ? db.selectFrom('user_blocks').select('blocked_id as id').where('blocker_id', '=', userId).limit(upTo)
      : db.selectFrom('user_mutes').select('muted_id as id').where('muter_id', '=', userId).limit(upTo);
  const row = await db
    .selectFrom(listed.as('listed'))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return countToNumber(row.count);
}

/**
 * Inside a transaction, after lockPair: the block, and no follow left between the two either way, a person of another
 * server's follow of ours too (what they were sent stops; their server is not told).
 */
export async function insertBlock(db: Db, blockerId: string, blockedId: string, at: string): Promise<void> {
  await db
    .insertInto('user_blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: at })
    .onConflict((conflict) => conflict.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
  await db
    .deleteFrom('follows')
    .where((eb) =>
      eb.or([
        eb.and([eb('follower_id', '=', blockerId), eb('following_id', '=', blockedId)]),
        eb.and([eb('follower_id', '=', blockedId), eb('following_id', '=', blockerId)]),
      ]),
    )
    .execute();
  await endRemoteFollows(db, blockerId, blockedId);
  await endRemoteFollows(db, blockedId, blockerId);
}

/**
 * When `ourId` is one of our people and `otherId` someone of another server: their follow of ours, and ours of them
 * asked or standing, end (nothing of ours is delivered to them for it any more). Nothing for two of our people.
 */
async function endRemoteFollows(db: Db, ourId: string, otherId: string): Promise<void> {
  const remoteActorOf = db.selectFrom('users').select('remote_actor_id').where('id', '=', otherId);
  for (const table of ['remote_follows', 'outbound_follows'] as const) {
    await db
      .deleteFrom(table)
      .where('user_id', '=', ourId)
      .where('remote_actor_id', '=', (eb) =>
        eb.selectFrom(remoteActorOf.as('other')).select('remote_actor_id'),
      )
      .execute();
  }
}

/** True if there was a block to remove. */
export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('user_blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertMute(db: Db, muterId: string, mutedId: string, at: string): Promise<void> {
  await db
    .insertInto('user_mutes')
    .values({ muter_id: muterId, muted_id: mutedId, created_at: at })
    .onConflict((conflict) => conflict.columns(['muter_id', 'muted_id']).doNothing())
    .execute();
}

export async function deleteMute(db: Db, muterId: string, mutedId: string): Promise<void> {
  await db.deleteFrom('user_mutes').where('muter_id', '=', muterId).where('muted_id', '=', mutedId).execute();
}

/** The people `userId` blocks, most recently blocked first, keyset-paginated on (blocked at, their id). */
export async function listBlockedPeople(db: Db, userId: string, page: PageRequest): Promise<Page<UserRow>> {
  const query = db
    .selectFrom('user_blocks')
    .innerJoin('users', 'users.id', 'user_blocks.blocked_id')
    .selectAll('users')
    .select('user_blocks.created_at as listed_at')
    .where('user_blocks.blocker_id', '=', userId);
  return withoutListedAt(
    await newestFirstPage(
      withoutSuspended(query),
      { createdAt: 'user_blocks.created_at', id: 'user_blocks.blocked_id' },
      page,
      byListing,
    ),
  );
}

/** The people `userId` mutes, most recently muted first, keyset-paginated on (muted at, their id). */
export async function listMutedPeople(db: Db, userId: string, page: PageRequest): Promise<Page<UserRow>> {
  const query = db
    .selectFrom('user_mutes')
    .innerJoin('users', 'users.id', 'user_mutes.muted_id')
    .selectAll('users')
    .select('user_mutes.created_at as listed_at')
    .where('user_mutes.muter_id', '=', userId);
  return withoutListedAt(
    await newestFirstPage(
      withoutSuspended(query),
      { createdAt: 'user_mutes.created_at', id: 'user_mutes.muted_id' },
      page,
      byListing,
    ),
  );
}

const byListing = (row: { listed_at: string; id: string }) => ({ createdAt: row.listed_at, id: row.id });

function withoutListedAt(rows: Page<UserRow & { listed_at: string }>): Page<UserRow> {
  return { items: rows.items.map(({ listed_at: _listedAt, ...user }) => user), nextCursor: rows.nextCursor };
}

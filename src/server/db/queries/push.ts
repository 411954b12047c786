import type { Insertable } from 'kysely';
import type { Db } from '../database';
import { countToNumber } from '../dialect';
import {
  byCreation,
  newestFirstAfter,
  newestFirstPage,
  type Cursor,
  type Page,
  type PageRequest,
} from '../pagination';
import type {
  PushPreferencesTable,
  PushSubscriptionRow,
  PushSubscriptionsTable,
  VapidKeysTable,
} from '../schema';
import { suspendedPeople, withoutHidden } from './safety';

const VAPID_KEYS_ID = 'default';

export async function storedVapidKeys(db: Db) {
  return db
    .selectFrom('vapid_keys')
    .select(['public_key', 'private_key'])
    .where('id', '=', VAPID_KEYS_ID)
    .executeTakeFirst();
}

/** Keeps `keys` unless a pair is stored already (another instance starting at the same moment): the first wins. */
export async function storeVapidKeysOnce(
  db: Db,
  keys: Omit<Insertable<VapidKeysTable>, 'id'>,
): Promise<void> {
  await db
    .insertInto('vapid_keys')
    .values({ id: VAPID_KEYS_ID, ...keys })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

export function findSubscriptionByEndpoint(
  db: Db,
  endpoint: string,
): Promise<PushSubscriptionRow | undefined> {
  return db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirst();
}

export function findSubscription(db: Db, id: string): Promise<PushSubscriptionRow | undefined> {
  return db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSubscription(db: Db, row: Insertable<PushSubscriptionsTable>): Promise<void> {
  await db.insertInto('push_subscriptions').values(row).execute();
}

/** The same browser subscribing again: new keys (a renewed subscription) and name. */
export async function renewSubscription(
  db: Db,
  id: string,
  fields: Pick<PushSubscriptionRow, 'p256dh' | 'auth' | 'device_name'>,
): Promise<void> {
  await db.updateTable('push_subscriptions').set(fields).where('id', '=', id).execute();
}

export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function markDelivered(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('push_subscriptions').set({ last_delivered_at: at }).where('id', '=', id).execute();
}

export function listSubscriptions(
  db: Db,
  userId: string,
  page: PageRequest,
): Promise<Page<PushSubscriptionRow>> {
  return newestFirstPage(
    db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId),
    { createdAt: 'created_at', id: 'id' },
    page,
    byCreation,
  );
}

/** Ids of the person's subscriptions, at most `limit` (the most a person may have). */
export async function subscriptionIdsOf(db: Db, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function countSubscriptions(db: Db, userId: string, upTo: number): Promise<number> {
  return (await subscriptionIdsOf(db, userId, upTo)).length;
}

export type PreferenceColumn = keyof Omit<PushPreferencesTable, 'user_id' | 'updated_at'>;

export function findPreferences(db: Db, userId: string) {
  return db
    .selectFrom('push_preferences')
    .select(['messages', 'replies', 'followers', 'likes', 'new_posts'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function savePreferences(db: Db, row: Insertable<PushPreferencesTable>): Promise<void> {
  const { user_id: _userId, ...changes } = row;
  await db
    .insertInto('push_preferences')
    .values(row)
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(changes))
    .execute();
}

/**
 * A page of the people following `userId` who chose new-post pushes, newest follow first after `after`
 * (follows_following_newest, each joined to its preferences by their primary key).
 */
export async function followersWantingNewPosts(
  db: Db,
  userId: string,
  after: Cursor | undefined,
  limit: number,
): Promise<{ ids: string[]; next: Cursor | undefined }> {
  const rows = await newestFirstAfter(
    db
      .selectFrom('follows')
      .innerJoin('push_preferences', 'push_preferences.user_id', 'follows.follower_id')
      .select(['follows.follower_id as id', 'follows.created_at'])
      .where('follows.following_id', '=', userId)
      .where('push_preferences.new_posts', '=', 1),
    { createdAt: 'follows.created_at', id: 'follows.follower_id' },
    after,
    limit,
  ).execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    ids: page.map((row) => row.id),
    next: rows.length > limit && last ? { createdAt: last.created_at, id: last.id } : undefined,
  };
}

/** When the post's likes last pushed to its owner. */
export async function likeRoundOf(db: Db, postId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('push_like_rounds')
    .select('pushed_at')
    .where('post_id', '=', postId)
    .executeTakeFirst();
  return row?.pushed_at;
}

/**
 * Starts the post's next round of like pushes at `at`, if the last one is still `previous` (undefined: none yet);
 * false when another instance started it first.
 */
export async function startLikeRound(
  db: Db,
  postId: string,
  previous: string | undefined,
  at: string,
): Promise<boolean> {
  if (previous === undefined) {
    const result = await db
      .insertInto('push_like_rounds')
      .values({ post_id: postId, pushed_at: at })
      .onConflict((conflict) => conflict.column('post_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const result = await db
    .updateTable('push_like_rounds')
    .set({ pushed_at: at })
    .where('post_id', '=', postId)
    .where('pushed_at', '=', previous)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Likes of the post since `since` by people its owner sees (none they block, are blocked by or mute, nobody
 * suspended): how many, and who liked it last. Read from the post's reactions (post_reactions_post_kind).
 */
export async function likesSince(
  db: Db,
  post: { id: string; user_id: string },
  since: string,
): Promise<{ count: number; latestLikerId: string | undefined }> {
  const likes = withoutHidden(
    db,
    db
      .selectFrom('post_reactions')
      .select(['post_reactions.user_id', 'post_reactions.created_at'])
      .where('post_reactions.post_id', '=', post.id)
      .where('post_reactions.kind', '=', 'like')
      .where('post_reactions.created_at', '>', since)
      .where('post_reactions.user_id', '!=', post.user_id)
      .where('post_reactions.user_id', 'not in', suspendedPeople(db)),
    'post_reactions.user_id',
    post.user_id,
    'blocks-and-mutes',
  );
  const [counted, latest] = await Promise.all([
    db
      .selectFrom(likes.as('likes'))
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow(),
    likes.orderBy('post_reactions.created_at', 'desc').limit(1).executeTakeFirst(),
  ]);
  return { count: countToNumber(counted.count), latestLikerId: latest?.user_id };
}

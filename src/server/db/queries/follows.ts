import type { Db } from '../database';
import { newestFirstPage, type Page, type PageRequest } from '../pagination';
import type { UserRow } from '../schema';
import { withoutHidden, withoutSuspended } from './safety';

export async function isFollowing(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', followerId)
    .where('following_id', '=', followingId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of `followerIds` follow `followingId`, each found by the follows' key. */
export async function followersAmong(
  db: Db,
  followingId: string,
  followerIds: string[],
): Promise<Set<string>> {
  if (followerIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', 'in', followerIds)
    .where('following_id', '=', followingId)
    .execute();
  return new Set(rows.map((row) => row.follower_id));
}

export async function setFollowing(
  db: Db,
  followerId: string,
  followingId: string,
  follow: boolean,
): Promise<void> {
  if (!follow) {
    await db
      .deleteFrom('follows')
      .where('follower_id', '=', followerId)
      .where('following_id', '=', followingId)
      .execute();
    return;
  }
  await db
    .insertInto('follows')
    .values({ follower_id: followerId, following_id: followingId, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.columns(['follower_id', 'following_id']).doNothing())
    .execute();
}

export async function countFollows(db: Db, userId: string, side: 'followers' | 'following'): Promise<number> {
  const column = side === 'followers' ? 'following_id' : 'follower_id';
  const row = await db
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where(column, '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The people on one side of a user's follows, most recent first, keyset-paginated on (followed at, user id);
 * never anyone the viewer blocks or who blocks them.
 */
export async function listFollowPeople(
  db: Db,
  userId: string,
  side: 'followers' | 'following',
  page: PageRequest,
  viewerId?: string,
): Promise<Page<UserRow>> {
  const anchor = side === 'followers' ? 'follows.following_id' : 'follows.follower_id';
  const person = side === 'followers' ? 'follows.follower_id' : 'follows.following_id';
  const follows = db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', person)
    .selectAll('users')
    .select('follows.created_at as followed_at')
    .where(anchor, '=', userId);
  const query = withoutSuspended(withoutHidden(db, follows, person, viewerId, 'blocks'));
  const rows = await newestFirstPage(query, { createdAt: 'follows.created_at', id: person }, page, (row) => ({
    createdAt: row.followed_at,
    id: row.id,
  }));
  return {
    items: rows.items.map(({ followed_at: _followedAt, ...user }) => user),
    nextCursor: rows.nextCursor,
  };
}

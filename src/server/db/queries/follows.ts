import type { Db } from '../database';
import { countToNumber } from '../dialect';
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

type Side = 'followers' | 'following';

/**
 * The people on one side of a user's follows as `viewerId` sees them: never anyone suspended, nor anyone the viewer
 * blocks or who blocks them. The list and its count are this one query, so they always agree.
 */
function followPeople(db: Db, userId: string, side: Side, viewerId: string | undefined) {
  const anchor = side === 'followers' ? 'follows.following_id' : 'follows.follower_id';
  const person: 'follows.follower_id' | 'follows.following_id' =
    side === 'followers' ? 'follows.follower_id' : 'follows.following_id';
  const follows = db.selectFrom('follows').innerJoin('users', 'users.id', person).where(anchor, '=', userId);
  return { person, query: withoutSuspended(withoutHidden(db, follows, person, viewerId, 'blocks')) };
}

/** How many people `listFollowPeople` shows `viewerId` on that side. */
export async function countFollows(
  db: Db,
  userId: string,
  side: Side,
  viewerId: string | undefined,
): Promise<number> {
  const row = await followPeople(db, userId, side, viewerId)
    .query.select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return countToNumber(row.count);
}

/** The people on one side of a user's follows, most recent first, keyset-paginated on (followed at, user id). */
export async function listFollowPeople(
  db: Db,
  userId: string,
  side: Side,
  page: PageRequest,
  viewerId?: string,
): Promise<Page<UserRow>> {
  const { person, query } = followPeople(db, userId, side, viewerId);
  const rows = await newestFirstPage(
    query.selectAll('users').select('follows.created_at as followed_at'),
    { createdAt: 'follows.created_at', id: person },
    page,
    (row) => ({ createdAt: row.followed_at, id: row.id }),
  );
  return {
    items: rows.items.map(({ followed_at: _followedAt, ...user }) => user),
    nextCursor: rows.nextCursor,
  };
}

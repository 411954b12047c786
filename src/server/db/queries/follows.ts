import type { Db } from '../database';
import { decodeCursor, encodeCursor, type Page } from '../pagination';
import type { UserRow } from '../schema';

export async function isFollowing(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', followerId)
    .where('following_id', '=', followingId)
    .executeTakeFirst();
  return row !== undefined;
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

/** The people on one side of a user's follows, most recent first, keyset-paginated on (followed at, user id). */
export async function listFollowPeople(
  db: Db,
  userId: string,
  side: 'followers' | 'following',
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<UserRow>> {
  const anchor = side === 'followers' ? 'follows.following_id' : 'follows.follower_id';
  const person = side === 'followers' ? 'follows.follower_id' : 'follows.following_id';
  const after = decodeCursor(page.cursor);
  let query = db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', person)
    .selectAll('users')
    .select('follows.created_at as followed_at')
    .where(anchor, '=', userId);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('follows.created_at', person), '<', eb.tuple(after.createdAt, after.id)),
    );
  }
  const rows = await query
    .orderBy('follows.created_at', 'desc')
    .orderBy(person, 'desc')
    .limit(page.limit + 1)
    .execute();
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    items: items.map(({ followed_at: _followedAt, ...user }) => user),
    nextCursor:
      rows.length > page.limit && last ? encodeCursor({ createdAt: last.followed_at, id: last.id }) : null,
  };
}

import type { Db } from '../database';

export type ReactionKind = 'like' | 'dislike';

/** This person's reaction to the post, and since when. */
export function findReaction(
  db: Db,
  postId: string,
  userId: string,
): Promise<{ kind: ReactionKind; created_at: string } | undefined> {
  return db
    .selectFrom('post_reactions')
    .select(['kind', 'created_at'])
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Sets this person's reaction to the post as of `at` (replacing the other kind), or removes it with `null`. */
export async function setReaction(
  db: Db,
  postId: string,
  userId: string,
  kind: ReactionKind | null,
  at: string,
): Promise<void> {
  if (kind === null) {
    await db
      .deleteFrom('post_reactions')
      .where('post_id', '=', postId)
      .where('user_id', '=', userId)
      .execute();
    return;
  }
  await db
    .insertInto('post_reactions')
    .values({ post_id: postId, user_id: userId, kind, created_at: at })
    .onConflict((conflict) => conflict.columns(['post_id', 'user_id']).doUpdateSet({ kind, created_at: at }))
    .execute();
}

export async function countReactions(db: Db, postId: string, kind: ReactionKind): Promise<number> {
  const row = await db
    .selectFrom('post_reactions')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('post_id', '=', postId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** When this person reposted the post, if they have. */
export async function repostedAt(db: Db, postId: string, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('reposts')
    .select('created_at')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.created_at;
}

/** Reposts the post as of `at`, or takes the repost back with `null`. */
export async function setRepost(db: Db, postId: string, userId: string, at: string | null): Promise<void> {
  if (at === null) {
    await db.deleteFrom('reposts').where('post_id', '=', postId).where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('reposts')
    .values({ post_id: postId, user_id: userId, created_at: at })
    .onConflict((conflict) => conflict.columns(['post_id', 'user_id']).doNothing())
    .execute();
}

export async function countReposts(db: Db, postId: string): Promise<number> {
  const row = await db
    .selectFrom('reposts')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

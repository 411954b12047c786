import type { Db } from '../database';

export type ReactionKind = 'like' | 'dislike';

export async function findReaction(
  db: Db,
  postId: string,
  userId: string,
): Promise<ReactionKind | undefined> {
  const row = await db
    .selectFrom('post_reactions')
    .select('kind')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.kind;
}

/** Sets this person's reaction to the post (replacing the other kind), or removes it with `null`. */
export async function setReaction(
  db: Db,
  postId: string,
  userId: string,
  kind: ReactionKind | null,
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
    .values({ post_id: postId, user_id: userId, kind, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.columns(['post_id', 'user_id']).doUpdateSet({ kind }))
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

export async function hasReposted(db: Db, postId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('reposts')
    .select('post_id')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setRepost(db: Db, postId: string, userId: string, reposted: boolean): Promise<void> {
  if (!reposted) {
    await db.deleteFrom('reposts').where('post_id', '=', postId).where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('reposts')
    .values({ post_id: postId, user_id: userId, created_at: new Date().toISOString() })
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

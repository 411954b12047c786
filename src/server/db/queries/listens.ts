import type { Db } from '../database';
import { forUpdate } from '../dialect';
import { addToTrending } from './trending';

export interface ListenKey {
  postId: string;
  ownerId: string;
  listenerKey: string;
  day: string;
}

/** When a listener's time on a post one day makes a listen, and how much of it is kept. */
export interface ListenLimits {
  /** Seconds that make the day's listening a counted listen. */
  threshold: number;
  /** The most seconds kept for the day. */
  cap: number;
}

/**
 * Adds `seconds` to this listener's listening of the post today, up to `cap`, and the same to the post's counters
 * (its totals and its day, and its trending score once the listen counts), all in one transaction; true when this report is the one that first brings it to
 * `threshold` (the listen that counts). The listener's row is locked, so reports at once cross it exactly once.
 */
export async function recordListen(
  db: Db,
  key: ListenKey,
  seconds: number,
  limits: ListenLimits,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    await trx
      .insertInto('post_listens')
      .values({
        post_id: key.postId,
        listener_key: key.listenerKey,
        day: key.day,
        seconds: 0,
        counted: 0,
        created_at: now,
      })
      .onConflict((conflict) => conflict.columns(['post_id', 'listener_key', 'day']).doNothing())
      .execute();
    const before = await forUpdate(
      trx,
      trx
        .selectFrom('post_listens')
        .select(['seconds', 'counted'])
        .where('post_id', '=', key.postId)
        .where('listener_key', '=', key.listenerKey)
        .where('day', '=', key.day),
    ).executeTakeFirstOrThrow();
    const after = Math.min(before.seconds + seconds, limits.cap);
    const added = after - before.seconds;
    const crossed = before.counted === 0 && after >= limits.threshold;
    if (added <= 0 && !crossed) return false;

    await trx
      .updateTable('post_listens')
      .set({ seconds: after, counted: crossed ? 1 : before.counted })
      .where('post_id', '=', key.postId)
      .where('listener_key', '=', key.listenerKey)
      .where('day', '=', key.day)
      .execute();
    const listens = crossed ? 1 : 0;
    await trx
      .insertInto('post_listen_days')
      .values({ post_id: key.postId, owner_id: key.ownerId, day: key.day, listens, seconds: added })
      .onConflict((conflict) =>
        conflict.columns(['post_id', 'day']).doUpdateSet((eb) => ({
          listens: eb('post_listen_days.listens', '+', listens),
          seconds: eb('post_listen_days.seconds', '+', added),
        })),
      )
      .execute();
    await trx
      .updateTable('posts')
      .set((eb) => ({
        listens: eb('listens', '+', listens),
        listening_seconds: eb('listening_seconds', '+', added),
      }))
      .where('id', '=', key.postId)
      .execute();
    if (crossed) await addToTrending(trx, key.postId, 'listen', now);
    return crossed;
  });
}

/**
 * The salt of `day`: `candidate` if this is its first use anywhere, else the one already stored, so every
 * instance sharing the database keys a visitor alike.
 */
export async function daySalt(db: Db, day: string, candidate: string): Promise<string> {
  await db
    .insertInto('listener_salts')
    .values({ day, salt: candidate })
    .onConflict((conflict) => conflict.column('day').doNothing())
    .execute();
  const row = await db
    .selectFrom('listener_salts')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return row.salt;
}

/** Forgets the listeners of days before `day`: their salts, and the rows that told their plays apart. */
export async function forgetListenersBefore(db: Db, day: string): Promise<void> {
  await db.deleteFrom('listener_salts').where('day', '<', day).execute();
  await db.deleteFrom('post_listens').where('day', '<', day).execute();
}

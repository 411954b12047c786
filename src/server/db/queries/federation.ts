import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../database';
import { countToNumber } from '../dialect';
import { newestFirstPage, type Page, type PageRequest } from '../pagination';
import type { PostRow, RemoteActorsTable, UserRow } from '../schema';
import { isPublished } from './posts';
import { isNotSuspended } from './safety';
import { newId } from '../../ids';

export type RemoteActorFacts = Pick<RemoteActorsTable, 'uri' | 'inbox_url' | 'shared_inbox_url' | 'handle'>;

/** A remote follower, as deliveries and the followers collection need it. */
export interface RemoteFollower {
  uri: string;
  inbox_url: string;
  shared_inbox_url: string | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Inside an account's deletion: its actor answers Gone from then on. */
export async function rememberDeletedActor(db: Db, userId: string, at: string): Promise<void> {
  await db
    .insertInto('deleted_actors')
    .values({ id_sha256: sha256(userId), deleted_at: at })
    .onConflict((conflict) => conflict.column('id_sha256').doNothing())
    .execute();
}

/** A remote actor we knew, gone: its follows of our people and ours of it go with it (they cascade). */
export async function forgetRemoteActor(db: Db, remoteActorId: string): Promise<void> {
  await db.deleteFrom('remote_actors').where('id', '=', remoteActorId).execute();
}

/** When the account of this id was deleted, if it was. */
export async function deletedActorAt(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('deleted_actors')
    .select('deleted_at')
    .where('id_sha256', '=', sha256(userId))
    .executeTakeFirst();
  return row?.deleted_at;
}

/** The person whose handle this is, in any case (users_username_lower). */
export function findUserByHandle(db: Db, handle: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(${sql.ref('username')})`, '=', handle.toLowerCase())
    .executeTakeFirst();
}

/**
 * Records the remote actor, or refreshes what it says of itself (its profile page only when given), as read `at`;
 * answers its id.
 */
export async function saveRemoteActor(
  db: Db,
  actor: RemoteActorFacts & { profile_url?: string | null },
  at: string,
): Promise<string> {
  const { id } = await db
    .insertInto('remote_actors')
    .values({ id: newId(), ...actor, fetched_at: at, created_at: at })
    .onConflict((conflict) =>
      conflict.column('uri').doUpdateSet({
        inbox_url: actor.inbox_url,
        shared_inbox_url: actor.shared_inbox_url,
        handle: actor.handle,
        ...(actor.profile_url !== undefined && { profile_url: actor.profile_url }),
        fetched_at: at,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Records (or refreshes) the remote actor and its follow of `userId`; a repeated Follow keeps the first date. */
export async function addRemoteFollow(
  db: Db,
  userId: string,
  actor: RemoteActorFacts,
  followUri: string,
): Promise<void> {
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const remoteActorId = await saveRemoteActor(trx, actor, at);
    await trx
      .insertInto('remote_follows')
      .values({ user_id: userId, remote_actor_id: remoteActorId, follow_uri: followUri, created_at: at })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'remote_actor_id']).doUpdateSet({ follow_uri: followUri }),
      )
      .execute();
  });
}

/** Ends the follow of `userId` by the actor `actorUri`; true if there was one. */
export async function removeRemoteFollow(db: Db, userId: string, actorUri: string): Promise<boolean> {
  const result = await db
    .deleteFrom('remote_follows')
    .where('user_id', '=', userId)
    .where('remote_actor_id', '=', (eb) =>
      eb.selectFrom('remote_actors').select('id').where('uri', '=', actorUri),
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A person's remote followers, newest first, keyset-paginated on (followed at, actor id). */
export async function listRemoteFollowers(
  db: Db,
  userId: string,
  page: PageRequest,
): Promise<Page<RemoteFollower>> {
  const rows = await newestFirstPage(
    db
      .selectFrom('remote_follows')
      .innerJoin('remote_actors', 'remote_actors.id', 'remote_follows.remote_actor_id')
      .select([
        'remote_actors.id',
        'remote_actors.uri',
        'remote_actors.inbox_url',
        'remote_actors.shared_inbox_url',
        'remote_follows.created_at',
      ])
      .where('remote_follows.user_id', '=', userId),
    { createdAt: 'remote_follows.created_at', id: 'remote_follows.remote_actor_id' },
    page,
    (row) => ({ createdAt: row.created_at, id: row.id }),
  );
  return {
    items: rows.items.map(({ uri, inbox_url, shared_inbox_url }) => ({ uri, inbox_url, shared_inbox_url })),
    nextCursor: rows.nextCursor,
  };
}

/** A remote inbox and one follower it serves. */
export interface FollowerInbox {
  inbox: string;
  actor: string;
}

/**
 * The inboxes a person's remote followers read, one per server that has a shared inbox, in order of address after
 * `after`, each with one follower on it (whom Fedify names in its logs).
 */
export async function followerInboxes(
  db: Db,
  userId: string,
  page: { after: string | undefined; limit: number },
): Promise<FollowerInbox[]> {
  const inbox = sql<string>`coalesce(${sql.ref('remote_actors.shared_inbox_url')}, ${sql.ref('remote_actors.inbox_url')})`;
  let query = db
    .selectFrom('remote_follows')
    .innerJoin('remote_actors', 'remote_actors.id', 'remote_follows.remote_actor_id')
    .select((eb) => [inbox.as('inbox'), eb.fn.min('remote_actors.uri').as('actor')])
    .where('remote_follows.user_id', '=', userId)
    .groupBy(inbox)
    .orderBy(inbox)
    .limit(page.limit);
  if (page.after !== undefined) query = query.having(inbox, '>', page.after);
  return query.execute();
}

export async function countRemoteFollowers(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('remote_follows')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return countToNumber(row.count);
}

/**
 * What NodeInfo tells the world of this instance: only our own people and posts a visitor may see are counted (not
 * the people of other servers we know, nor their posts).
 */
export async function publicUsage(
  db: Db,
  postTypes: readonly PostRow['type'][],
  activeSince: { month: string; halfYear: string },
) {
  const people = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('total'),
      eb.fn
        .count<string | number>(
          sql`case when ${eb.ref('users.last_active_at')} >= ${activeSince.month} then 1 end`,
        )
        .as('month'),
      eb.fn
        .count<string | number>(
          sql`case when ${eb.ref('users.last_active_at')} >= ${activeSince.halfYear} then 1 end`,
        )
        .as('halfYear'),
    ])
    .where('users.remote_actor_id', 'is', null)
    .where(isNotSuspended)
    .executeTakeFirstOrThrow();
  const posts = await db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where(isPublished)
    .where('posts.type', 'in', postTypes)
    .where('users.remote_actor_id', 'is', null)
    .where(isNotSuspended)
    .executeTakeFirstOrThrow();
  return {
    users: countToNumber(people.total),
    activeMonth: countToNumber(people.month),
    activeHalfYear: countToNumber(people.halfYear),
    posts: countToNumber(posts.count),
  };
}

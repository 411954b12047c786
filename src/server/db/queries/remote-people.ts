import type { Db } from '../database';
import type { UserRow } from '../schema';
import { newId } from '../../ids';
import { saveRemoteActor } from './federation';

/** What an actor's own document says of it, as we keep it. */
export interface RemotePersonFacts {
  uri: string;
  inbox_url: string;
  shared_inbox_url: string | null;
  /** `user@host`: the person's username here, which no local username can be (it has an @). */
  handle: string;
  profile_url: string | null;
  name: string | null;
  bio: string | null;
}

export interface RemotePerson {
  user: UserRow;
  actorUri: string;
  inboxUrl: string;
  fetchedAt: string;
  /** The picture taken as their avatar last, as their actor named it. */
  iconUrl: string | null;
}

/** A remote person's e-mail: a reserved domain that never receives mail, so no one can sign in as them. */
const unreachableEmail = (userId: string) => `${userId}@remote.invalid`;

function remotePeople(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('remote_actors', 'remote_actors.id', 'users.remote_actor_id')
    .selectAll('users')
    .select([
      'remote_actors.uri as actor_uri',
      'remote_actors.inbox_url as actor_inbox_url',
      'remote_actors.fetched_at as actor_fetched_at',
      'remote_actors.icon_url as actor_icon_url',
    ]);
}

async function first(query: ReturnType<typeof remotePeople>): Promise<RemotePerson | undefined> {
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const { actor_uri, actor_inbox_url, actor_fetched_at, actor_icon_url, ...user } = row;
  return {
    user,
    actorUri: actor_uri,
    inboxUrl: actor_inbox_url,
    fetchedAt: actor_fetched_at,
    iconUrl: actor_icon_url,
  };
}

export const findRemotePersonByUri = (db: Db, uri: string) =>
  first(remotePeople(db).where('remote_actors.uri', '=', uri));

export const findRemotePersonByUserId = (db: Db, userId: string) =>
  first(remotePeople(db).where('users.id', '=', userId));

/** By `user@host` (the username they have here). */
export const findRemotePersonByHandle = (db: Db, handle: string) =>
  first(remotePeople(db).where('users.username', '=', handle));

/**
 * The person behind a remote actor, made or brought up to date from its document: their row in `remote_actors` and
 * their row in `users` (name, bio; no password). The actor's id is the identity; a changed handle follows it.
 */
export async function saveRemotePerson(db: Db, facts: RemotePersonFacts): Promise<RemotePerson> {
  const at = new Date().toISOString();
  const { name, bio, ...actor } = facts;
  await db.transaction().execute(async (trx) => {
    const actorId = await saveRemoteActor(trx, actor, at);
    const known = await trx
      .selectFrom('users')
      .select('id')
      .where('remote_actor_id', '=', actorId)
      .executeTakeFirst();
    const profile = { username: facts.handle, first_name: name, bio };
    if (known) {
      await trx.updateTable('users').set(profile).where('id', '=', known.id).execute();
      return;
    }
    const userId = newId();
    await trx
      .insertInto('users')
      .values({
        id: userId,
        email: unreachableEmail(userId),
        password_hash: '',
        last_name: null,
        created_at: at,
        remote_actor_id: actorId,
        ...profile,
      })
      .execute();
  });
  return (await findRemotePersonByUri(db, facts.uri))!;
}

/** One of our people asked to follow the remote person; the follow stands once their server accepts. */
export async function requestRemoteFollow(
  db: Db,
  userId: string,
  remoteActorId: string,
  followUri: string,
): Promise<void> {
  await db
    .insertInto('outbound_follows')
    .values({
      user_id: userId,
      remote_actor_id: remoteActorId,
      follow_uri: followUri,
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'remote_actor_id']).doNothing())
    .execute();
}

/** The Follow `userId` sent to the actor, if one is asked or standing. */
export async function findRemoteFollow(
  db: Db,
  userId: string,
  remoteActorId: string,
): Promise<{ follow_uri: string } | undefined> {
  return db
    .selectFrom('outbound_follows')
    .select('follow_uri')
    .where('user_id', '=', userId)
    .where('remote_actor_id', '=', remoteActorId)
    .executeTakeFirst();
}

/** Ends the asked or standing follow; true if there was one. */
export async function removeRemoteFollowRequest(
  db: Db,
  userId: string,
  remoteActorId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('outbound_follows')
    .where('user_id', '=', userId)
    .where('remote_actor_id', '=', remoteActorId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether anyone here follows the person (a standing follow): only then is what they post kept. */
export async function hasFollowersHere(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('following_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The post that came as the Note `uri`, with its author and the address of the audio it was made from. */
export function findRemotePost(db: Db, uri: string) {
  return db
    .selectFrom('remote_posts')
    .innerJoin('posts', 'posts.id', 'remote_posts.post_id')
    .select(['posts.id', 'posts.user_id', 'remote_posts.audio_url'])
    .where('remote_posts.uri', '=', uri)
    .executeTakeFirst();
}

/** The voice comment that came as the Note `uri`, with its author. */
export function findRemoteComment(db: Db, uri: string) {
  return db
    .selectFrom('remote_comments')
    .innerJoin('comments', 'comments.id', 'remote_comments.comment_id')
    .select(['comments.id', 'comments.user_id'])
    .where('remote_comments.uri', '=', uri)
    .executeTakeFirst();
}

/**
 * Inside the post's transaction: which Note it came as, from which audio, and where its original is (its page, else
 * its id).
 */
export async function rememberRemotePost(
  db: Db,
  postId: string,
  note: { uri: string; audioUrl: string; page: string | null },
) {
  const { uri, audioUrl, page } = note;
  await db.insertInto('remote_posts').values({ post_id: postId, uri, audio_url: audioUrl }).execute();
  await db
    .updateTable('posts')
    .set({ original_url: page ?? uri })
    .where('id', '=', postId)
    .execute();
}

export async function rememberRemoteComment(db: Db, commentId: string, uri: string) {
  await db.insertInto('remote_comments').values({ comment_id: commentId, uri }).execute();
}

/**
 * Where a reply, like or repost of a post that came from another server goes: its Note, its author, their inboxes.
 */
export function findRemoteNoteOfPost(db: Db, postId: string) {
  return db
    .selectFrom('remote_posts')
    .innerJoin('posts', 'posts.id', 'remote_posts.post_id')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .innerJoin('remote_actors', 'remote_actors.id', 'users.remote_actor_id')
    .select([
      'remote_posts.uri as note_uri',
      'remote_actors.id as remote_actor_id',
      'remote_actors.uri as actor_uri',
      'remote_actors.inbox_url',
      'remote_actors.shared_inbox_url',
    ])
    .where('remote_posts.post_id', '=', postId)
    .executeTakeFirst();
}

/** Whether the post came from another server. */
export async function isRemotePost(db: Db, postId: string): Promise<boolean> {
  const row = await db
    .selectFrom('remote_posts')
    .select('post_id')
    .where('post_id', '=', postId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Inside the post's transaction: its audio now comes from `audioUrl`. */
export async function rememberRemotePostAudio(db: Db, postId: string, audioUrl: string) {
  await db.updateTable('remote_posts').set({ audio_url: audioUrl }).where('post_id', '=', postId).execute();
}

/** The picture their actor named is now their avatar. */
export async function rememberActorIcon(db: Db, remoteActorId: string, iconUrl: string) {
  await db.updateTable('remote_actors').set({ icon_url: iconUrl }).where('id', '=', remoteActorId).execute();
}

/** What a report may be of across servers: a person, a post or a voice comment. */
export interface FederatedTarget {
  targetKind: 'user' | 'post' | 'comment';
  targetId: string;
}

/**
 * The person of another server a report is of (or whose post or voice comment it is): their actor, its inboxes, and
 * the Note reported (null for the person). Undefined when the target is not another server's.
 */
export async function findRemoteOwnerOf(db: Db, { targetKind, targetId }: FederatedTarget) {
  const actor = ['remote_actors.id as remote_actor_id', 'remote_actors.uri as actor_uri'] as const;
  const inboxes = ['remote_actors.inbox_url', 'remote_actors.shared_inbox_url'] as const;
  if (targetKind === 'user') {
    const row = await db
      .selectFrom('users')
      .innerJoin('remote_actors', 'remote_actors.id', 'users.remote_actor_id')
      .select([...actor, ...inboxes])
      .where('users.id', '=', targetId)
      .executeTakeFirst();
    return row && { ...row, note_uri: null };
  }
  if (targetKind === 'post') return findRemoteNoteOfPost(db, targetId);
  return db
    .selectFrom('remote_comments')
    .innerJoin('comments', 'comments.id', 'remote_comments.comment_id')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .innerJoin('remote_actors', 'remote_actors.id', 'users.remote_actor_id')
    .select(['remote_comments.uri as note_uri', ...actor, ...inboxes])
    .where('remote_comments.comment_id', '=', targetId)
    .executeTakeFirst();
}

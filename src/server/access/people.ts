import type { Db } from '../db/database';
import { blockedAmong, isBlocking } from '../db/queries/safety';
import { findUserById, findUsersByIds } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { authorize, notFound } from './guard';
import { actorOf, can, type Action, type Actor } from './policy';
import { personResource } from './resources';

/**
 * The facts the policy weighs about people, loaded here and nowhere else (issue 25): whether they exist, are
 * suspended, and stand on either side of a block with the asker. Services ask these; they never read the facts.
 */

/** Which of `others` block `actor` or are blocked by them; nobody for a visitor. */
export async function blockedWith(db: Db, actor: Actor, others: readonly string[]): Promise<Set<string>> {
  if (actor.kind !== 'user') return new Set();
  return blockedAmong(
    db,
    actor.userId,
    others.filter((id) => id !== actor.userId),
  );
}

/**
 * The person `userId`, if `actor` may do `action` to them: 404 ("No user has this id.") for nobody and for someone
 * suspended (to all but moderators), 404 for their activity across a block and for the profile of someone who
 * blocks the asker, 403 for following or reaching them across one.
 */
export async function requirePerson(
  db: Db,
  actor: Actor,
  userId: string,
  action: Action = 'view',
): Promise<UserRow> {
  const row = await findUserById(db, userId);
  if (!row) throw notFound('person');
  const blocked = action !== 'view' && (await blockedWith(db, actor, [userId])).has(userId);
  const blocksViewer =
    action === 'view-profile' &&
    actor.kind === 'user' &&
    actor.userId !== userId &&
    (await isBlocking(db, userId, actor.userId));
  authorize(actor, action, { ...personResource(row, blocked), blocksViewer });
  return row;
}

/**
 * Whether `followerId` may follow `userId` now: never across a block, either way. The question a Follow from another
 * server's person known here is asked (a follow made here asks requirePerson).
 */
export async function mayFollow(db: Db, followerId: string, userId: string): Promise<boolean> {
  const [row, blocked] = await Promise.all([
    findUserById(db, userId),
    blockedWith(db, actorOf(followerId), [userId]),
  ]);
  return row !== undefined && can(actorOf(followerId), 'follow', personResource(row, blocked.has(userId)));
}

/**
 * Whether `actor` may reach every one of `userIds` (start a chat with, add to a group, send or post to): 404 for a
 * suspended one, 403 for one across a block. Every id must be a person (checked before).
 */
export async function requireReach(db: Db, actor: Actor, userIds: readonly string[]): Promise<void> {
  const [rows, blocked] = await Promise.all([
    findUsersByIds(db, [...userIds]),
    blockedWith(db, actor, userIds),
  ]);
  for (const row of rows) authorize(actor, 'reach', personResource(row, blocked.has(row.id)));
}

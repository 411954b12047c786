import type { Insertable } from 'kysely';
import type { Db } from '../database';
import { byCreation, newestFirstPage, type Page, type PageRequest } from '../pagination';
import type { NotificationRow, NotificationsTable } from '../schema';
import { suspendedPeople, withoutHidden } from './safety';

/**
 * Inserts unless a notification with the same dedupe key exists (a repeated toggle); says whether it inserted.
 */
export async function insertNotificationOnce(
  db: Db,
  notification: Insertable<NotificationsTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('notifications')
    .values(notification)
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * The person's notifications, never of what someone they block, mute or are blocked by did, nor of a suspended
 * person: these stay stored (an unmute or unsuspension shows them again) but are never listed or delivered live.
 */
const notificationsOf = (db: Db, userId: string) =>
  withoutHidden(
    db,
    db
      .selectFrom('notifications')
      .selectAll('notifications')
      .where('notifications.user_id', '=', userId)
      .where('notifications.actor_id', 'not in', suspendedPeople(db)),
    'notifications.actor_id',
    userId,
    'blocks-and-mutes',
  );

export function findNotification(db: Db, userId: string, id: string): Promise<NotificationRow | undefined> {
  return notificationsOf(db, userId).where('id', '=', id).executeTakeFirst();
}

/** The user's notifications with ids after `afterId` (UUIDv7 ids sort by creation), oldest first; all without it. */
export function listNotificationsAfter(
  db: Db,
  userId: string,
  afterId: string | null,
  limit: number,
): Promise<NotificationRow[]> {
  let query = notificationsOf(db, userId);
  if (afterId !== null) query = query.where('id', '>', afterId);
  return query.orderBy('id', 'asc').limit(limit).execute();
}

export async function newestNotificationId(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export function listNotifications(db: Db, userId: string, page: PageRequest): Promise<Page<NotificationRow>> {
  return newestFirstPage(
    notificationsOf(db, userId),
    { createdAt: 'created_at', id: 'id' },
    page,
    byCreation,
  );
}

export async function markNotificationsRead(db: Db, userId: string, ids: string[] | undefined, at: string) {
  let query = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids.length ? ids : ['']);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

import type { Insertable } from 'kysely';
import type { Db } from '../database';
import { byCreation, newestFirstPage, type Page, type PageRequest } from '../pagination';
import type { NotificationRow, NotificationsTable } from '../schema';

/** Inserts unless a notification with the same dedupe key exists (a repeated toggle). */
export async function insertNotificationOnce(
  db: Db,
  notification: Insertable<NotificationsTable>,
): Promise<void> {
  await db
    .insertInto('notifications')
    .values(notification)
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .execute();
}

export function listNotifications(db: Db, userId: string, page: PageRequest): Promise<Page<NotificationRow>> {
  return newestFirstPage(
    db.selectFrom('notifications').selectAll().where('user_id', '=', userId),
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

import type { Insertable } from 'kysely';
import type { Db } from '../database';
import { decodeCursor, toPage, type Page } from '../pagination';
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

export async function listNotifications(
  db: Db,
  userId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<NotificationRow>> {
  const after = decodeCursor(page.cursor);
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)),
    );
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  return toPage(rows, page.limit);
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

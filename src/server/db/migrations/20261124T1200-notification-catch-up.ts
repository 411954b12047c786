import type { Kysely } from 'kysely';

/**
 * A live stream catches up from the last notification id it sent (ids are UUIDv7, so they sort by creation); this
 * index serves "this user's notifications after that id, oldest first" and "this user's newest id".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('notifications_user_id_order')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_user_id_order').execute();
}

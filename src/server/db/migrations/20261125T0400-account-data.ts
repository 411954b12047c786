import type { Kysely } from 'kysely';

/**
 * A person's own rows found by index when they delete their account: the notifications they caused others
 * (deleting the account, or its cascade) and their own listening rows of the days whose salts are kept. The
 * messages they sent have theirs since the moderation migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('notifications_actor_id').on('notifications').column('actor_id').execute();
  await db.schema.createIndex('post_listens_listener').on('post_listens').column('listener_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('post_listens_listener').execute();
  await db.schema.dropIndex('notifications_actor_id').execute();
}

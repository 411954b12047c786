import type { Kysely } from 'kysely';

/**
 * Web Push (issue 27): the deployment's VAPID key pair when the operator gives none (one row, so every instance
 * signs with the same key), each person's push subscriptions (one a browser: the endpoint is unique, a new owner
 * takes it over), their choice of what pushes, and when each post's likes last pushed (at most one an hour).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vapid_keys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('private_key', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (column) => column.notNull().unique())
    .addColumn('p256dh', 'text', (column) => column.notNull())
    .addColumn('auth', 'text', (column) => column.notNull())
    .addColumn('device_name', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_delivered_at', 'text')
    .execute();
  // A person's devices, newest first (their list, and every push to them).
  await db.schema
    .createIndex('push_subscriptions_newest')
    .on('push_subscriptions')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('push_preferences')
    .addColumn('user_id', 'text', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('messages', 'integer', (column) => column.notNull())
    .addColumn('replies', 'integer', (column) => column.notNull())
    .addColumn('followers', 'integer', (column) => column.notNull())
    .addColumn('likes', 'integer', (column) => column.notNull())
    .addColumn('new_posts', 'integer', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('push_like_rounds')
    .addColumn('post_id', 'text', (column) => column.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('pushed_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_like_rounds').execute();
  await db.schema.dropTable('push_preferences').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('vapid_keys').execute();
}

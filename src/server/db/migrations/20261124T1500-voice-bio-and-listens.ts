import type { Kysely } from 'kysely';

/**
 * A person's voice bio: one audio asset each (users.voice_bio_url keeps its address for every payload that carries
 * the person). Listens: one row per post, listener and UTC day, with the listening time reported that day (at most
 * three times the post's length) and whether it reached the few seconds that make it count. A listener is stored
 * only as an HMAC under the day's salt (of their user id, or of a visitor's address block and user agent): no user
 * id, no address. Those rows only tell one listener's plays of a day apart and are deleted with the day's salt.
 * Listener salts: the random salt of each UTC day that listeners' keys are made with, deleted the day after, so
 * older keys can never be linked to anyone. What stats read are counters kept in the same transaction: each post's
 * listens and listening time, and each post's listens per day (the owner copied in, for one index per person).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('voice_bios')
    .addColumn('user_id', 'text', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('audio_id', 'text', (column) => column.notNull().references('audio_assets.id'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('post_listens')
    .addColumn('post_id', 'text', (column) => column.notNull().references('posts.id').onDelete('cascade'))
    /** `m:<HMAC>` for a member, `v:<HMAC>` for a visitor, under the day's salt: never a user id or an address. */
    .addColumn('listener_key', 'text', (column) => column.notNull())
    /** YYYY-MM-DD, UTC. */
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('seconds', 'double precision', (column) => column.notNull())
    /** 1 once the listener's time that day reached min(5 s, the post's length): a listen the stats count. */
    .addColumn('counted', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('post_listens_pk', ['post_id', 'listener_key', 'day'])
    .execute();
  await db.schema.createIndex('post_listens_day').on('post_listens').column('day').execute();

  await db.schema
    .createTable('post_listen_days')
    .addColumn('post_id', 'text', (column) => column.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    /** YYYY-MM-DD, UTC. */
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('listens', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('seconds', 'double precision', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('post_listen_days_pk', ['post_id', 'day'])
    .execute();
  await db.schema
    .createIndex('post_listen_days_owner_day')
    .on('post_listen_days')
    .columns(['owner_id', 'day', 'post_id', 'listens', 'seconds'])
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('listens', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('listening_seconds', 'double precision', (column) => column.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('listener_salts')
    /** YYYY-MM-DD, UTC. */
    .addColumn('day', 'text', (column) => column.primaryKey())
    .addColumn('salt', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').dropColumn('listening_seconds').execute();
  await db.schema.alterTable('posts').dropColumn('listens').execute();
  await db.schema.dropTable('listener_salts').execute();
  await db.schema.dropTable('post_listen_days').execute();
  await db.schema.dropTable('post_listens').execute();
  await db.schema.dropTable('voice_bios').execute();
}

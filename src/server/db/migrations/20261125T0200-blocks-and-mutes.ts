import type { Kysely } from 'kysely';

/**
 * Blocks and mutes (issue 17, Safety): one row per person and the person they block or mute. The primary key
 * answers "does A block B" and "everyone A blocks" (what A's lists leave out); `user_blocks_blocked` answers
 * "who blocks B" (what B's lists leave out too), `user_mutes_muted` "who mutes B"; the `_newest` indexes give the settings page its lists, most
 * recent first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_blocks')
    .addColumn('blocker_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('user_blocks_pkey', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema
    .createIndex('user_blocks_blocked')
    .on('user_blocks')
    .columns(['blocked_id', 'blocker_id'])
    .execute();
  await db.schema
    .createIndex('user_blocks_newest')
    .on('user_blocks')
    .columns(['blocker_id', 'created_at', 'blocked_id'])
    .execute();

  await db.schema
    .createTable('user_mutes')
    .addColumn('muter_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('muted_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('user_mutes_pkey', ['muter_id', 'muted_id'])
    .execute();
  // Who mutes B: what deleting B's account cascades through, rather than every mute there is.
  await db.schema
    .createIndex('user_mutes_muted')
    .on('user_mutes')
    .columns(['muted_id', 'muter_id'])
    .execute();
  await db.schema
    .createIndex('user_mutes_newest')
    .on('user_mutes')
    .columns(['muter_id', 'created_at', 'muted_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_mutes').execute();
  await db.schema.dropTable('user_blocks').execute();
}

import type { Kysely } from 'kysely';

/**
 * Federation (issue 28): the remote actors we know (their inboxes, as their own document gave them when they
 * followed) and who of them follows whom of ours. `follow_uri` is the Follow's id, which its Undo names. A person's
 * remote followers are listed newest first and fanned out to in pages; an actor's follows go with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('remote_actors')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('uri', 'text', (column) => column.notNull().unique())
    .addColumn('inbox_url', 'text', (column) => column.notNull())
    .addColumn('shared_inbox_url', 'text')
    .addColumn('handle', 'text')
    .addColumn('fetched_at', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('remote_follows')
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remote_actor_id', 'text', (column) =>
      column.notNull().references('remote_actors.id').onDelete('cascade'),
    )
    .addColumn('follow_uri', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('remote_follows_pkey', ['user_id', 'remote_actor_id'])
    .execute();
  await db.schema
    .createIndex('remote_follows_newest')
    .on('remote_follows')
    .columns(['user_id', 'created_at', 'remote_actor_id'])
    .execute();
  await db.schema
    .createIndex('remote_follows_actor')
    .on('remote_follows')
    .column('remote_actor_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('remote_follows').execute();
  await db.schema.dropTable('remote_actors').execute();
}

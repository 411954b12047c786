import type { Kysely } from 'kysely';

/**
 * Where each person stopped in each post they played, and whether they heard it to the end (issue 29): kept on the
 * server so any of their devices offers "Resume at …" and lists mark what they have heard. One row a person and
 * post, gone with either.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('listening_positions')
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (column) => column.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('position_seconds', 'real', (column) => column.notNull())
    .addColumn('heard', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('listening_positions_pkey', ['user_id', 'post_id'])
    .execute();
  // A post's rows go with it (the cascade looks them up by post).
  await db.schema
    .createIndex('listening_positions_post')
    .on('listening_positions')
    .column('post_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('listening_positions').execute();
}

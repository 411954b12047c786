import type { Kysely } from 'kysely';

/**
 * Federation (issue 28): people who deleted their account, so their actor answers 410 Gone, as Mastodon expects
 * before it removes a remote account. Only a SHA-256 of the id is kept: nothing names the person any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deleted_actors')
    .addColumn('id_sha256', 'text', (column) => column.primaryKey())
    .addColumn('deleted_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deleted_actors').execute();
}

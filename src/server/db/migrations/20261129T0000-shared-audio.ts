import type { Kysely } from 'kysely';

/**
 * Audio shared to Earshot from a device's share sheet (issue 25, hole 13), kept by the server for the signed-in
 * person until their recorder takes it: one a person (a new share replaces it), its bytes in the blob store under
 * `shares/<user id>/`, let go after an hour by the hourly sweep (by `shared_at`) or with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shared_audio')
    .addColumn('user_id', 'text', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (column) => column.notNull())
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('bytes', 'integer', (column) => column.notNull())
    .addColumn('shared_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('shared_audio_shared_at').on('shared_audio').column('shared_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shared_audio').execute();
}

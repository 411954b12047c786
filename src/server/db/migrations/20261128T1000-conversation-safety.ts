import type { Kysely } from 'kysely';

/**
 * Who may add a person to a group: `everyone`, `following` (people they follow) or `nobody`; a direct chat is not
 * a group and stays open to all. A comment's audio is found by its comment when a hidden comment's file is asked
 * for (who may hear it is who may see the comment): an index, not a scan of every comment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('group_adds', 'text', (column) => column.notNull().defaultTo('everyone'))
    .execute();
  await db.schema.createIndex('comments_audio_id').on('comments').column('audio_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('comments_audio_id').execute();
  await db.schema.alterTable('users').dropColumn('group_adds').execute();
}

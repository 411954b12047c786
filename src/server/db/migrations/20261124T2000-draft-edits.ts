import type { Kysely } from 'kysely';

/**
 * The advanced editor (issue 16): a draft once edited keeps the audio it had before (`original_asset_id`, never
 * changed) and the operations saved over it, while `posts.audio_id` points at their render. Takes are recordings
 * made for one draft, kept until the draft is deleted or extended, so undo can reach back past a save. Every
 * asset here is the draft owner's and private; deleting the draft deletes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('draft_edits')
    .addColumn('post_id', 'text', (column) => column.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('original_asset_id', 'text', (column) => column.notNull().references('audio_assets.id'))
    .addColumn('operations_json', 'text', (column) => column.notNull())
    .addColumn('saved_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('draft_takes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('post_id', 'text', (column) => column.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('audio_id', 'text', (column) => column.notNull().references('audio_assets.id'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  // A draft's takes, oldest first: listed, counted against the limit and gathered for deletion.
  await db.schema
    .createIndex('draft_takes_post_created')
    .on('draft_takes')
    .columns(['post_id', 'created_at', 'id'])
    .execute();
  // Deleting any audio asset checks these references: by index, not by reading the tables.
  await db.schema.createIndex('draft_takes_audio').on('draft_takes').column('audio_id').execute();
  await db.schema.createIndex('draft_edits_original').on('draft_edits').column('original_asset_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('draft_takes').execute();
  await db.schema.dropTable('draft_edits').execute();
}

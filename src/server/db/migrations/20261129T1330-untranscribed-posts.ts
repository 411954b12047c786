import { sql, type Kysely } from 'kysely';

/**
 * The published posts without a transcript, newest first (issue 29): what the transcription backfill walks, a
 * page at a time, when the operator sets up a speech recogniser. Partial, so it holds only those few.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('posts_untranscribed_newest')
    .on('posts')
    .columns(['created_at', 'id'])
    .where(sql.ref('transcription'), 'is', null)
    .where(sql.ref('is_draft'), '=', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('posts_untranscribed_newest').execute();
}

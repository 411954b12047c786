import type { Kysely } from 'kysely';

/**
 * Real word times of typed transcripts (issue 29): for one recording, the times forced alignment found for each
 * word of the transcript it aligned (`transcript_sha256` names that text). A transcript edited since no longer
 * matches and is shown with estimated times until it is aligned again; the row goes with its recording.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transcript_times')
    .addColumn('audio_id', 'text', (column) =>
      column.primaryKey().references('audio_assets.id').onDelete('cascade'),
    )
    .addColumn('transcript_sha256', 'text', (column) => column.notNull())
    .addColumn('word_times_json', 'text', (column) => column.notNull())
    .addColumn('aligned_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transcript_times').execute();
}

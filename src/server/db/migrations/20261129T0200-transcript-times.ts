import type { Kysely } from 'kysely';

/**
 * Real word times of transcripts (issue 29): for one recording, the times forced alignment (or the recogniser that
 * wrote the transcript) found for each word of the transcript (`transcript_sha256` names that text). A transcript
 * edited since no longer matches and is shown with estimated times until it is aligned again; the row goes with
 * its recording. A post's transcript written by a speech recogniser rather than its author says so.
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
  // Null: written by the author (or none); 'recognised': by the operator's speech recogniser.
  await db.schema.alterTable('posts').addColumn('transcription_source', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').dropColumn('transcription_source').execute();
  await db.schema.dropTable('transcript_times').execute();
}

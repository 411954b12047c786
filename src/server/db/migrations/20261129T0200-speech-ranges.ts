import { sql, type Kysely } from 'kysely';

/**
 * Where each recording's speech is (issue 29, skip silence): a JSON array of [start, end] seconds, measured with
 * the rest of the analysis at upload. Recordings stored before have it null and are found through a partial index
 * until a background job has measured each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audio_assets').addColumn('speech_json', 'text').execute();
  await db.schema
    .createIndex('audio_assets_speech_unmeasured')
    .on('audio_assets')
    .column('id')
    .where(sql.ref('speech_json'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audio_assets_speech_unmeasured').execute();
  await db.schema.alterTable('audio_assets').dropColumn('speech_json').execute();
}

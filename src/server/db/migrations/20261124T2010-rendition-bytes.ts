import type { Kysely } from 'kysely';

/**
 * The size of each speech rendition, which a podcast feed's enclosure must state. Renditions made before this are
 * measured from the store the first time a feed lists them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audio_assets').addColumn('rendition_bytes', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audio_assets').dropColumn('rendition_bytes').execute();
}

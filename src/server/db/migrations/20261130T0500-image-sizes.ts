import type { Kysely } from 'kysely';

/**
 * Each stored picture's width and height in pixels, written when it is stored, so link previews and oEmbed give a
 * photo's size without decoding it on every instance. Null for a picture stored before: its size is in its file
 * (on disk or in a bucket), which no SQL can read, so it is measured once when first asked for and kept here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('images').addColumn('width', 'integer').execute();
  await db.schema.alterTable('images').addColumn('height', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('images').dropColumn('height').execute();
  await db.schema.alterTable('images').dropColumn('width').execute();
}

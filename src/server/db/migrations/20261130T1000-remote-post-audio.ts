import type { Kysely } from 'kysely';

/**
 * Federation (issue 28): a remote post keeps the address of the audio it was made from, so an `Update` of its Note
 * naming other audio is seen to bring a new recording (null for posts kept before: their next Update with audio
 * brings it again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('remote_posts').addColumn('audio_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('remote_posts').dropColumn('audio_url').execute();
}

import type { Db } from '../database';
import { forNoKeyUpdate } from '../dialect';
import { PLAYABLE_AUDIO_COLUMNS } from './audio-assets';

/** A person's voice bio with what its JSON needs from its audio. */
export function findVoiceBio(db: Db, userId: string) {
  return db
    .selectFrom('voice_bios')
    .innerJoin('audio_assets', 'audio_assets.id', 'voice_bios.audio_id')
    .select(['voice_bios.audio_id', ...PLAYABLE_AUDIO_COLUMNS])
    .where('voice_bios.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Inside a transaction: points the person at their new voice bio (or none); returns the audio id it replaced.
 * Replacements by the same person wait for each other, so each replaces the one committed before it.
 */
export async function setVoiceBio(
  db: Db,
  userId: string,
  bio: { audioId: string; url: string } | null,
): Promise<string | undefined> {
  await forNoKeyUpdate(db, db.selectFrom('users').select('id').where('id', '=', userId)).execute();
  const previous = await db
    .deleteFrom('voice_bios')
    .where('user_id', '=', userId)
    .returning('audio_id')
    .executeTakeFirst();
  if (bio) {
    await db
      .insertInto('voice_bios')
      .values({ user_id: userId, audio_id: bio.audioId, created_at: new Date().toISOString() })
      .execute();
  }
  await db
    .updateTable('users')
    .set({ voice_bio_url: bio?.url ?? null })
    .where('id', '=', userId)
    .execute();
  return previous?.audio_id;
}

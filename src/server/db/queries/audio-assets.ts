import type { Insertable } from 'kysely';
import type { Db } from '../database';
import { forUpdate } from '../dialect';
import type { AudioAssetRow, AudioAssetsTable, ImageRow, ImagesTable } from '../schema';

/** What a post's or a comment's JSON needs from its audio, selected from a join on audio_assets. */
export const PLAYABLE_AUDIO_COLUMNS = [
  'audio_assets.duration',
  'audio_assets.waveform_json',
  'audio_assets.original_key',
  'audio_assets.original_mime',
  'audio_assets.rendition_key',
  'audio_assets.rendition_mime',
  'audio_assets.speech_json',
] as const;

export async function insertAudioAsset(db: Db, asset: Insertable<AudioAssetsTable>): Promise<void> {
  await db.insertInto('audio_assets').values(asset).execute();
}

export async function insertImage(db: Db, image: Insertable<ImagesTable>): Promise<void> {
  await db.insertInto('images').values(image).execute();
}

export function findAudioAsset(db: Db, id: string): Promise<AudioAssetRow | undefined> {
  return db.selectFrom('audio_assets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Just what serving a file needs: who may see it and where its files are. */
export function findAudioFiles(db: Db, id: string) {
  return db
    .selectFrom('audio_assets')
    .select(['owner_id', 'is_private', 'original_key', 'original_mime', 'rendition_key', 'rendition_mime'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findImage(db: Db, id: string) {
  return db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Recordings stored before speech was measured, oldest id first. */
export function listAudioWithoutSpeech(db: Db, limit: number): Promise<AudioAssetRow[]> {
  return db
    .selectFrom('audio_assets')
    .selectAll()
    .where('speech_json', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Stores where a recording's speech is, unless it was measured meanwhile. */
export async function setSpeechRanges(db: Db, id: string, speechJson: string): Promise<void> {
  await db
    .updateTable('audio_assets')
    .set({ speech_json: speechJson })
    .where('id', '=', id)
    .where('speech_json', 'is', null)
    .execute();
}

/** False when the asset no longer exists. */
export async function setRendition(
  db: Db,
  id: string,
  rendition: { key: string; mime: string; bytes: number },
): Promise<boolean> {
  const result = await db
    .updateTable('audio_assets')
    .set({ rendition_key: rendition.key, rendition_mime: rendition.mime, rendition_bytes: rendition.bytes })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The known rendition sizes of these assets, by asset id. */
export async function renditionBytesOf(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('audio_assets')
    .select(['id', 'rendition_bytes'])
    .where('id', 'in', ids)
    .where('rendition_bytes', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.rendition_bytes)]));
}

/** A rendition's size, measured from the store for one made before sizes were kept. */
export async function setRenditionBytes(db: Db, id: string, bytes: number): Promise<void> {
  await db.updateTable('audio_assets').set({ rendition_bytes: bytes }).where('id', '=', id).execute();
}

/** A post's audio and photo answer as the post does once it is published (public) or kept private. */
export async function setPostMediaPrivacy(
  db: Db,
  media: { audioId: string; imageId: string | null },
  isPrivate: boolean,
): Promise<void> {
  const is_private = isPrivate ? 1 : 0;
  await db.updateTable('audio_assets').set({ is_private }).where('id', '=', media.audioId).execute();
  if (media.imageId)
    await db.updateTable('images').set({ is_private }).where('id', '=', media.imageId).execute();
}

/** The audio of the post's comments answers as the post does (its owner's comments on it as a draft). */
export async function setCommentAudioPrivacy(db: Db, postId: string, isPrivate: boolean): Promise<void> {
  await db
    .updateTable('audio_assets')
    .set({ is_private: isPrivate ? 1 : 0 })
    .where(
      'id',
      'in',
      db.selectFrom('comments').select('comments.audio_id').where('comments.post_id', '=', postId),
    )
    .execute();
}

export async function deleteAudioAsset(db: Db, id: string): Promise<void> {
  await db.deleteFrom('audio_assets').where('id', '=', id).execute();
}

/** Images stored as they were uploaded, before uploads were re-encoded: the oldest `limit`. */
/** Keeps the size measured of a picture stored before sizes were kept (its file is the same whoever measured it). */
export async function setImageSize(
  db: Db,
  imageId: string,
  size: { width: number; height: number },
): Promise<void> {
  await db.updateTable('images').set(size).where('id', '=', imageId).where('width', 'is', null).execute();
}

export function listImagesNotReencoded(db: Db, limit: number): Promise<ImageRow[]> {
  return db.selectFrom('images').selectAll().where('reencoded', '=', 0).orderBy('id').limit(limit).execute();
}

/** Points the image at its re-encoded file, unless it changed meanwhile; true when it did. */
export async function replaceImageFile(
  db: Db,
  image: Pick<ImageRow, 'id' | 'storage_key'>,
  file: Pick<ImageRow, 'storage_key' | 'mime' | 'bytes' | 'width' | 'height'>,
): Promise<boolean> {
  const { storage_key, mime, bytes, width, height } = file;
  const result = await db
    .updateTable('images')
    .set({ storage_key, mime, bytes, width, height, reencoded: 1 })
    .where('id', '=', image.id)
    .where('storage_key', '=', image.storage_key)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes a not yet re-encoded image off the posts that show it and deletes its row, unless it changed meanwhile
 * (another run re-encoded it); true when it did.
 */
export async function detachAndDeleteImage(
  db: Db,
  image: Pick<ImageRow, 'id' | 'storage_key'>,
): Promise<boolean> {
  const unchanged = await forUpdate(
    db,
    db
      .selectFrom('images')
      .select('id')
      .where('id', '=', image.id)
      .where('storage_key', '=', image.storage_key),
  ).executeTakeFirst();
  if (!unchanged) return false;
  await db.updateTable('posts').set({ image_id: null }).where('image_id', '=', image.id).execute();
  await deleteImage(db, image.id);
  return true;
}

export async function deleteImage(db: Db, id: string): Promise<void> {
  await db.deleteFrom('images').where('id', '=', id).execute();
}

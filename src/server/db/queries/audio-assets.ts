import type { Insertable } from 'kysely';
import type { Db } from '../database';
import type { AudioAssetRow, AudioAssetsTable, ImagesTable } from '../schema';

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

/** False when the asset no longer exists. */
export async function setRendition(db: Db, id: string, key: string, mime: string): Promise<boolean> {
  const result = await db
    .updateTable('audio_assets')
    .set({ rendition_key: key, rendition_mime: mime })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAudioAsset(db: Db, id: string): Promise<void> {
  await db.deleteFrom('audio_assets').where('id', '=', id).execute();
}

export async function deleteImage(db: Db, id: string): Promise<void> {
  await db.deleteFrom('images').where('id', '=', id).execute();
}

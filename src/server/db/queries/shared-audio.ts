import type { Db } from '../database';
import type { SharedAudioRow } from '../schema';

export function findSharedAudio(db: Db, userId: string): Promise<SharedAudioRow | undefined> {
  return db.selectFrom('shared_audio').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Keeps `row` as its person's share, in place of the one before; the storage key it replaced, if any. */
export async function replaceSharedAudio(db: Db, row: SharedAudioRow): Promise<string | undefined> {
  const before = await db
    .selectFrom('shared_audio')
    .select('storage_key')
    .where('user_id', '=', row.user_id)
    .executeTakeFirst();
  await db
    .insertInto('shared_audio')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        storage_key: row.storage_key,
        file_name: row.file_name,
        content_type: row.content_type,
        bytes: row.bytes,
        shared_at: row.shared_at,
      }),
    )
    .execute();
  return before?.storage_key;
}

/** Lets go of the share stored under `storageKey` (a newer one may have replaced it meanwhile: that one stays). */
export async function deleteSharedAudio(db: Db, userId: string, storageKey: string): Promise<void> {
  await db
    .deleteFrom('shared_audio')
    .where('user_id', '=', userId)
    .where('storage_key', '=', storageKey)
    .execute();
}

/** The shares nobody took before `before`, removed; their storage keys. */
export async function deleteSharesBefore(db: Db, before: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('shared_audio')
    .where('shared_at', '<', before)
    .returning('storage_key')
    .execute();
  return rows.map((row) => row.storage_key);
}

/** Which of `storageKeys` a share still holds. */
export async function keptShareKeys(db: Db, storageKeys: string[]): Promise<Set<string>> {
  if (storageKeys.length === 0) return new Set();
  const rows = await db
    .selectFrom('shared_audio')
    .select('storage_key')
    .where('storage_key', 'in', storageKeys)
    .execute();
  return new Set(rows.map((row) => row.storage_key));
}

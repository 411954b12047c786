import type { Db } from '../database';

export function findDraftEdit(db: Db, postId: string) {
  return db.selectFrom('draft_edits').selectAll().where('post_id', '=', postId).executeTakeFirst();
}

/** The edit saved with a new render: the first save records the original, later ones only the operations. */
export async function saveDraftEdit(
  db: Db,
  edit: { post_id: string; original_asset_id: string; operations_json: string; saved_at: string },
): Promise<void> {
  await db
    .insertInto('draft_edits')
    .values(edit)
    .onConflict((conflict) =>
      conflict
        .column('post_id')
        .doUpdateSet({ operations_json: edit.operations_json, saved_at: edit.saved_at }),
    )
    .execute();
}

/**
 * What the editor needs of a source's audio (the original or a take): not its peaks and waveform, which are
 * large and fetched one source at a time.
 */
const SOURCE_AUDIO_COLUMNS = [
  'audio_assets.duration',
  'audio_assets.original_key',
  'audio_assets.original_mime',
  'audio_assets.original_bytes',
] as const;

/** The original a draft's edits are rendered from. */
export function findEditOriginal(db: Db, assetId: string) {
  return db
    .selectFrom('audio_assets')
    .select(['audio_assets.id', ...SOURCE_AUDIO_COLUMNS])
    .where('audio_assets.id', '=', assetId)
    .executeTakeFirst();
}

/** A draft's takes with their audio, oldest first (a draft holds a bounded number). */
export function listDraftTakes(db: Db, postId: string) {
  return db
    .selectFrom('draft_takes')
    .innerJoin('audio_assets', 'audio_assets.id', 'draft_takes.audio_id')
    .select(['audio_assets.id as audio_id', ...SOURCE_AUDIO_COLUMNS, 'draft_takes.id as take_id'])
    .where('draft_takes.post_id', '=', postId)
    .orderBy('draft_takes.created_at')
    .orderBy('draft_takes.id')
    .execute();
}

/** The audio of one take of the draft. */
export async function findDraftTakeAudioId(db: Db, postId: string, takeId: string) {
  const take = await db
    .selectFrom('draft_takes')
    .select('audio_id')
    .where('id', '=', takeId)
    .where('post_id', '=', postId)
    .executeTakeFirst();
  return take?.audio_id;
}

export async function countDraftTakes(db: Db, postId: string): Promise<number> {
  const row = await db
    .selectFrom('draft_takes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertDraftTake(
  db: Db,
  take: { id: string; post_id: string; audio_id: string; created_at: string },
): Promise<void> {
  await db.insertInto('draft_takes').values(take).execute();
}

/**
 * Forgets the draft's edit (its original and takes) and deletes their asset rows; never the audio the draft points
 * at, which is a render or the original's replacement. Answers the deleted assets, whose stored files the caller
 * removes once this commits.
 */
export async function clearDraftEdit(db: Db, postId: string): Promise<Array<{ id: string }>> {
  const edit = await findDraftEdit(db, postId);
  const takes = await db.selectFrom('draft_takes').select('audio_id').where('post_id', '=', postId).execute();
  await db.deleteFrom('draft_takes').where('post_id', '=', postId).execute();
  await db.deleteFrom('draft_edits').where('post_id', '=', postId).execute();
  const ids = [
    ...new Set([...(edit ? [edit.original_asset_id] : []), ...takes.map((take) => take.audio_id)]),
  ];
  if (ids.length > 0) await db.deleteFrom('audio_assets').where('id', 'in', ids).execute();
  return ids.map((id) => ({ id }));
}

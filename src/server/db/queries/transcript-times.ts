import { sql } from 'kysely';
import type { Db } from '../database';
import { byCreation, newestFirstPage, type Page, type PageRequest } from '../pagination';

export interface StoredTranscriptTimes {
  audioId: string;
  transcriptSha256: string;
  wordTimesJson: string;
}

/**
 * Keeps the times aligned in a recording, in place of any it had; nothing when the recording is gone (its post
 * deleted while it was aligned).
 */
export async function saveTranscriptTimes(db: Db, times: StoredTranscriptTimes): Promise<void> {
  const alignedAt = new Date().toISOString();
  await db
    .insertInto('transcript_times')
    .columns(['audio_id', 'transcript_sha256', 'word_times_json', 'aligned_at'])
    .expression((eb) =>
      eb
        .selectFrom('audio_assets')
        .select((select) => [
          'audio_assets.id',
          select.val(times.transcriptSha256).as('transcript_sha256'),
          select.val(times.wordTimesJson).as('word_times_json'),
          select.val(alignedAt).as('aligned_at'),
        ])
        .where('audio_assets.id', '=', times.audioId),
    )
    .onConflict((conflict) =>
      conflict.column('audio_id').doUpdateSet({
        transcript_sha256: times.transcriptSha256,
        word_times_json: times.wordTimesJson,
        aligned_at: alignedAt,
      }),
    )
    .execute();
}

export async function deleteTranscriptTimes(db: Db, audioId: string): Promise<void> {
  await db.deleteFrom('transcript_times').where('audio_id', '=', audioId).execute();
}

/** The stored times of these recordings (by primary key: a page's worth at most). */
export async function findTranscriptTimes(
  db: Db,
  audioIds: readonly string[],
): Promise<StoredTranscriptTimes[]> {
  if (audioIds.length === 0) return [];
  return db
    .selectFrom('transcript_times')
    .select([
      'audio_id as audioId',
      'transcript_sha256 as transcriptSha256',
      'word_times_json as wordTimesJson',
    ])
    .where('audio_id', 'in', [...new Set(audioIds)])
    .execute();
}

/**
 * Gives a post the transcript a speech recogniser wrote, only while it still has none and still has the audio it
 * was recognised from: never over what its author wrote meanwhile. True when it was written.
 */
export async function setRecognisedTranscription(
  db: Db,
  post: { id: string; audioId: string },
  text: string,
): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set({ transcription: text, transcription_source: 'recognised' })
    .where('id', '=', post.id)
    .where('audio_id', '=', post.audioId)
    .where((eb) => eb.or([eb('transcription', 'is', null), eb(sql<string>`trim(transcription)`, '=', '')]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * A page of published posts without a transcript, newest first, that may go to the speech recogniser: public
 * ones, and private ones of owners who turned private transcripts on (access/posts.ts mayTranscribe decides each
 * again when its job runs).
 */
export function listUntranscribedPosts(
  db: Db,
  page: PageRequest,
): Promise<Page<{ id: string; created_at: string }>> {
  const query = db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select(['posts.id', 'posts.created_at'])
    .where('posts.transcription', 'is', null)
    .where('posts.is_draft', '=', 0)
    .where('posts.is_hidden', '=', 0)
    .where((eb) => eb.or([eb('posts.is_private', '=', 0), eb('users.transcribe_private', '=', 1)]));
  return newestFirstPage(query, { createdAt: 'posts.created_at', id: 'posts.id' }, page, byCreation);
}

import type { Insertable } from 'kysely';
import type { Db } from '../database';
import { byCreation, newestFirstPage, type Page, type PageRequest } from '../pagination';
import type { CommentsTable } from '../schema';
import { PLAYABLE_AUDIO_COLUMNS } from './audio-assets';
import { withoutHidden } from './safety';

function commentsWithAudio(db: Db) {
  return db
    .selectFrom('comments')
    .innerJoin('audio_assets', 'audio_assets.id', 'comments.audio_id')
    .selectAll('comments')
    .select(PLAYABLE_AUDIO_COLUMNS);
}

export type CommentWithAudio = Awaited<
  ReturnType<ReturnType<typeof commentsWithAudio>['executeTakeFirstOrThrow']>
>;

export async function insertComment(db: Db, comment: Insertable<CommentsTable>): Promise<void> {
  await db.insertInto('comments').values(comment).execute();
}

export function findCommentWithAudio(db: Db, id: string): Promise<CommentWithAudio | undefined> {
  return commentsWithAudio(db).where('comments.id', '=', id).executeTakeFirst();
}

/** Never the comments of anyone hidden from a signed-in viewer (blocks and mutes); visitors' comments stay. */
export function listComments(
  db: Db,
  postId: string,
  page: PageRequest,
  viewerId?: string,
): Promise<Page<CommentWithAudio>> {
  const query = commentsWithAudio(db).where('comments.post_id', '=', postId);
  return newestFirstPage(
    withoutHidden(db, query, 'comments.user_id', viewerId, 'blocks-and-mutes', true),
    { createdAt: 'comments.created_at', id: 'comments.id' },
    page,
    byCreation,
  );
}

/** False when it was already gone (deleted at the same time by someone else). */
export async function deleteComment(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The audio of every comment on a post, so deleting the post can remove their files too. */
export function commentAudioOfPost(db: Db, postId: string) {
  return db
    .selectFrom('comments')
    .innerJoin('audio_assets', 'audio_assets.id', 'comments.audio_id')
    .select(['audio_assets.id', 'audio_assets.original_key', 'audio_assets.rendition_key'])
    .where('comments.post_id', '=', postId)
    .execute();
}

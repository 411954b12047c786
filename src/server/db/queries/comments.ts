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

/** The comment an audio file belongs to, with its post, if it is one: who may hear it depends on both. */
export function commentOfAudio(db: Db, audioId: string) {
  return db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select(['comments.user_id', 'comments.is_hidden', 'comments.held'])
    .select([
      'posts.user_id as post_user_id',
      'posts.is_draft',
      'posts.is_private',
      'posts.allow_visitor_comments',
      'posts.is_hidden as post_is_hidden',
    ])
    .where('comments.audio_id', '=', audioId)
    .executeTakeFirst();
}

/**
 * Who reads a post's comments: comments hidden by moderators are there for their author (and moderators), held
 * visitor comments for the post's owner (and moderators). Both are rare, so they are checked on each row the
 * index gives, in its order. A signed-in reader never gets the comments of people hidden from them (blocks and
 * mutes); visitors' comments stay.
 */
export type CommentReader = { moderator: true } | { viewerId: string | undefined; seesHeld: boolean };

export function listComments(
  db: Db,
  postId: string,
  reader: CommentReader,
  page: PageRequest,
): Promise<Page<CommentWithAudio>> {
  let query = commentsWithAudio(db).where('comments.post_id', '=', postId);
  if (!('moderator' in reader)) {
    const { viewerId, seesHeld } = reader;
    query = query.where((eb) =>
      viewerId
        ? eb.or([eb('comments.is_hidden', '=', 0), eb('comments.user_id', '=', viewerId)])
        : eb('comments.is_hidden', '=', 0),
    );
    if (!seesHeld) query = query.where('comments.held', '=', 0);
    query = withoutHidden(db, query, 'comments.user_id', viewerId, 'blocks-and-mutes', true);
  }
  return newestFirstPage(query, { createdAt: 'comments.created_at', id: 'comments.id' }, page, byCreation);
}

/** Shows a held visitor comment to everyone; false when it was not held (approved or gone meanwhile). */
export async function approveComment(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('comments')
    .set({ held: 0 })
    .where('id', '=', id)
    .where('held', '=', 1)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
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

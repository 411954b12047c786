import type { Insertable } from 'kysely';
import type { Db } from '../database';
import type {
  ConversationPostPartRow,
  ConversationPostPartsTable,
  PublishAnswer,
  PublishRequestRow,
} from '../schema';

export function findPublishRequest(db: Db, id: string): Promise<PublishRequestRow | undefined> {
  return db.selectFrom('publish_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The request still asking the others of this conversation, if there is one (there is at most one). */
export function findAskingRequest(db: Db, conversationId: string): Promise<PublishRequestRow | undefined> {
  return db
    .selectFrom('publish_requests')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('status', '=', 'asking')
    .executeTakeFirst();
}

export async function insertPublishRequest(
  db: Db,
  request: PublishRequestRow,
  askedIds: readonly string[],
): Promise<void> {
  await db.insertInto('publish_requests').values(request).execute();
  await db
    .insertInto('publish_answers')
    .values(
      askedIds.map((userId) => ({ request_id: request.id, user_id: userId, answer: 'pending' as const })),
    )
    .execute();
}

export function answersOf(db: Db, requestId: string) {
  return db
    .selectFrom('publish_answers')
    .select(['user_id', 'answer'])
    .where('request_id', '=', requestId)
    .orderBy('user_id')
    .execute();
}

/** False when `userId` was not asked. */
export async function setAnswer(
  db: Db,
  requestId: string,
  userId: string,
  answer: PublishAnswer,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('publish_answers')
    .set({ answer, answered_at: at })
    .where('request_id', '=', requestId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A person who left a conversation no longer asks, nor is asked, about posting it. */
export async function leavePublishRequestsIn(db: Db, conversationId: string, userId: string): Promise<void> {
  await db
    .updateTable('publish_requests')
    .set({ status: 'withdrawn' })
    .where('conversation_id', '=', conversationId)
    .where('status', '=', 'asking')
    .where('requester_id', '=', userId)
    .execute();
  await db
    .deleteFrom('publish_answers')
    .where('user_id', '=', userId)
    .where('request_id', 'in', (eb) =>
      eb
        .selectFrom('publish_requests')
        .select('id')
        .where('conversation_id', '=', conversationId)
        .where('status', '=', 'asking'),
    )
    .execute();
}

/** Inside the conversation's lock: true when it was still asking and is now settled so. */
export async function settleRequest(
  db: Db,
  id: string,
  status: 'posted' | 'withdrawn',
  postId: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('publish_requests')
    .set({ status, post_id: postId })
    .where('id', '=', id)
    .where('status', '=', 'asking')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertConversationPost(
  db: Db,
  postId: string,
  conversationId: string,
  parts: Array<Omit<Insertable<ConversationPostPartsTable>, 'post_id'>>,
): Promise<void> {
  await db
    .insertInto('conversation_posts')
    .values({ post_id: postId, conversation_id: conversationId, rendered_parts: parts.length })
    .execute();
  if (parts.length === 0) return;
  await db
    .insertInto('conversation_post_parts')
    .values(parts.map((part) => ({ ...part, post_id: postId })))
    .execute();
}

/**
 * The posts of others that carry parts of `userId`'s voice: from one conversation (they left it), or from all
 * (their account goes).
 */
export async function postsCarryingVoiceOf(
  db: Db,
  userId: string,
  conversationId?: string,
): Promise<string[]> {
  let query = db
    .selectFrom('conversation_post_parts')
    .innerJoin('posts', 'posts.id', 'conversation_post_parts.post_id')
    .select('conversation_post_parts.post_id')
    .distinct()
    .where('conversation_post_parts.user_id', '=', userId)
    .where('posts.user_id', '!=', userId);
  if (conversationId !== undefined) {
    query = query.where('conversation_post_parts.post_id', 'in', (eb) =>
      eb.selectFrom('conversation_posts').select('post_id').where('conversation_id', '=', conversationId),
    );
  }
  return (await query.execute()).map((row) => row.post_id);
}

export async function deletePartsOf(db: Db, userId: string, postIds: string[]): Promise<void> {
  if (postIds.length === 0) return;
  await db
    .deleteFrom('conversation_post_parts')
    .where('user_id', '=', userId)
    .where('post_id', 'in', postIds)
    .execute();
}

export function findConversationPost(db: Db, postId: string) {
  return db.selectFrom('conversation_posts').selectAll().where('post_id', '=', postId).executeTakeFirst();
}

export function partsOf(db: Db, postId: string): Promise<ConversationPostPartRow[]> {
  return db
    .selectFrom('conversation_post_parts')
    .selectAll()
    .where('post_id', '=', postId)
    .orderBy('position')
    .execute();
}

/** Inside the post's lock, with its new audio: where each remaining part now is, and how many it holds. */
export async function renumberParts(
  db: Db,
  postId: string,
  parts: Array<Pick<ConversationPostPartRow, 'position' | 'start_ms' | 'end_ms'>>,
): Promise<void> {
  for (const part of parts) {
    await db
      .updateTable('conversation_post_parts')
      .set({ start_ms: part.start_ms, end_ms: part.end_ms })
      .where('post_id', '=', postId)
      .where('position', '=', part.position)
      .execute();
  }
  await db
    .updateTable('conversation_posts')
    .set({ rendered_parts: parts.length })
    .where('post_id', '=', postId)
    .execute();
}

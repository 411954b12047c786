import type { Insertable } from 'kysely';
import type { Db } from '../database';
import { countToNumber, forUpdate } from '../dialect';
import { byCreation, newestFirstPage, type Page, type PageRequest } from '../pagination';
import type {
  ConversationMessageRow,
  ConversationMessagesTable,
  ConversationRow,
  ConversationsTable,
} from '../schema';
import { PLAYABLE_AUDIO_COLUMNS } from './audio-assets';
import { hiddenFrom, notHiddenFrom } from './safety';

export function findConversation(db: Db, id: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDirectConversation(db: Db, directKey: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('direct_key', '=', directKey).executeTakeFirst();
}

/** Inside a transaction: holds the conversation until it ends, so joins, leaves and sends happen one at a time. */
export async function lockConversation(db: Db, id: string): Promise<ConversationRow | undefined> {
  return forUpdate(db, db.selectFrom('conversations').selectAll().where('id', '=', id)).executeTakeFirst();
}

export async function insertConversation(db: Db, row: Insertable<ConversationsTable>): Promise<void> {
  await db.insertInto('conversations').values(row).execute();
}

export async function deleteConversation(db: Db, id: string): Promise<void> {
  await db.deleteFrom('conversations').where('id', '=', id).execute();
}

export async function memberIdsOf(db: Db, conversationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('conversation_members')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** The current members of each conversation, in the order they joined. */
export async function membersOfConversations(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const members = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return members;
  const rows = await db
    .selectFrom('conversation_members')
    .select(['conversation_id', 'user_id'])
    .where('conversation_id', 'in', ids)
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
  for (const row of rows) members.get(row.conversation_id)?.push(row.user_id);
  return members;
}

/** Adds whoever of `userIds` is not a member yet, having read up to `readUpTo`; returns those it added. */
export async function insertMembers(
  db: Db,
  conversation: Pick<ConversationRow, 'id' | 'last_activity_at' | 'type'>,
  userIds: string[],
  now: string,
  readUpTo = now,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const added = await db
    .insertInto('conversation_members')
    .values(
      userIds.map((userId) => ({
        conversation_id: conversation.id,
        user_id: userId,
        joined_at: now,
        last_read_at: readUpTo,
        last_activity_at: conversation.last_activity_at,
        type: conversation.type,
      })),
    )
    .onConflict((conflict) => conflict.columns(['conversation_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return added.map((row) => row.user_id);
}

export async function removeMember(db: Db, conversationId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('conversation_members')
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Inside the conversation's lock: read up to `upTo` (never back), unread what others sent after it. Those are
 * counted by the messages' index from `upTo` on: none, unless some arrived after the reader's page was read.
 */
export async function markConversationRead(
  db: Db,
  conversationId: string,
  userId: string,
  upTo: string,
): Promise<void> {
  await db
    .updateTable('conversation_members')
    .set((eb) => ({
      last_read_at: upTo,
      unread_count: eb
        .selectFrom('conversation_messages')
        .select((count) => count.fn.countAll<number>().as('unread'))
        .where('conversation_id', '=', conversationId)
        .where('created_at', '>', upTo)
        .where('user_id', '!=', userId)
        .where(notHiddenFrom(db, 'conversation_messages.user_id', userId, 'blocks')),
    }))
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .where('last_read_at', '<', upTo)
    .execute();
}

/** Messages from others a person has not read yet, over all their conversations: one range of their members' index. */
export async function unreadTotal(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('conversation_members')
    .select((eb) => eb.fn.sum<string | number | null>('unread_count').as('unread'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return countToNumber(row?.unread ?? 0);
}

/** A person's conversations (of `type`, or all), newest activity first, through their members' indexes. */
export function listMyConversations(
  db: Db,
  userId: string,
  page: PageRequest,
  type?: ConversationRow['type'],
) {
  let query = db
    .selectFrom('conversation_members')
    .innerJoin('conversations', 'conversations.id', 'conversation_members.conversation_id')
    .selectAll('conversations')
    .select(['conversation_members.unread_count'])
    .where('conversation_members.user_id', '=', userId);
  if (type) query = query.where('conversation_members.type', '=', type);
  return newestFirstPage(
    query,
    { createdAt: 'conversation_members.last_activity_at', id: 'conversation_members.conversation_id' },
    page,
    (row) => ({ createdAt: row.last_activity_at, id: row.id }),
  );
}

export type MyConversationRow = Awaited<ReturnType<typeof listMyConversations>>['items'][number];

/** One of a person's conversations as their list shows it, or undefined when they are not in it. */
export function findMyConversation(db: Db, userId: string, conversationId: string) {
  return db
    .selectFrom('conversation_members')
    .innerJoin('conversations', 'conversations.id', 'conversation_members.conversation_id')
    .selectAll('conversations')
    .select(['conversation_members.unread_count'])
    .where('conversation_members.user_id', '=', userId)
    .where('conversation_members.conversation_id', '=', conversationId)
    .executeTakeFirst();
}

function messagesWithAudio(db: Db) {
  return db
    .selectFrom('conversation_messages')
    .innerJoin('audio_assets', 'audio_assets.id', 'conversation_messages.audio_id')
    .selectAll('conversation_messages')
    .select(PLAYABLE_AUDIO_COLUMNS);
}

export type MessageWithAudio = Awaited<
  ReturnType<ReturnType<typeof messagesWithAudio>['executeTakeFirstOrThrow']>
>;

export function findMessageWithAudio(db: Db, id: string): Promise<MessageWithAudio | undefined> {
  return messagesWithAudio(db).where('conversation_messages.id', '=', id).executeTakeFirst();
}

export function messagesWithAudioByIds(db: Db, ids: string[]): Promise<MessageWithAudio[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return messagesWithAudio(db).where('conversation_messages.id', 'in', ids).execute();
}

/**
 * A page of a conversation's messages as `viewerId` sees them, newest first (the service turns each page oldest
 * first). A message hidden by moderators is there for its sender alone: rare, so checked on each row. Nobody hears
 * anyone on the other side of a block from them (access/policy.ts `conversation-message`).
 */
export function listMessages(
  db: Db,
  conversationId: string,
  viewerId: string,
  page: PageRequest,
): Promise<Page<MessageWithAudio>> {
  return newestFirstPage(
    messagesWithAudio(db)
      .where('conversation_messages.conversation_id', '=', conversationId)
      .where((eb) =>
        eb.or([
          eb('conversation_messages.is_hidden', '=', 0),
          eb('conversation_messages.user_id', '=', viewerId),
        ]),
      )
      .where(notHiddenFrom(db, 'conversation_messages.user_id', viewerId, 'blocks')),
    { createdAt: 'conversation_messages.created_at', id: 'conversation_messages.id' },
    page,
    byCreation,
  );
}

/**
 * Of each conversation's messages, how many `viewerId` does not hear (what `listMessages` leaves out for them):
 * hidden by moderators and not theirs, or sent by someone on the other side of a block from them. A card's count
 * is its conversation's `message_count` less these.
 */
export async function unheardCounts(db: Db, viewerId: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('conversation_messages')
    .select((eb) => ['conversation_id', eb.fn.countAll<string | number>().as('unheard')])
    .where('conversation_id', 'in', ids)
    .where('user_id', '!=', viewerId)
    .where((eb) =>
      eb.or([eb('is_hidden', '=', 1), hiddenFrom(db, 'conversation_messages.user_id', viewerId, 'blocks')]),
    )
    .groupBy('conversation_id')
    .execute();
  return new Map(rows.map((row) => [row.conversation_id, countToNumber(row.unheard)]));
}

/**
 * The first `limit` messages `listenerId` hears (sent up to `upTo`, when given), oldest first, with their audio: what
 * publishing joins. Never the voice of anyone on the other side of a block from them.
 */
export function firstMessages(
  db: Db,
  conversationId: string,
  limit: number,
  listenerId: string,
  upTo?: string,
) {
  let query = db
    .selectFrom('conversation_messages')
    .innerJoin('audio_assets', 'audio_assets.id', 'conversation_messages.audio_id')
    .selectAll('audio_assets')
    .select([
      'conversation_messages.id as message_id',
      'conversation_messages.user_id',
      'conversation_messages.is_hidden',
      'conversation_messages.transcription',
    ])
    .where('conversation_messages.conversation_id', '=', conversationId)
    .where(notHiddenFrom(db, 'conversation_messages.user_id', listenerId, 'blocks'));
  if (upTo !== undefined) query = query.where('conversation_messages.created_at', '<=', upTo);
  return query
    .orderBy('conversation_messages.created_at')
    .orderBy('conversation_messages.id')
    .limit(limit)
    .execute();
}

export type PublishableMessage = Awaited<ReturnType<typeof firstMessages>>[number];

/** How many of these messages are still there. */
export async function countMessages(db: Db, ids: string[]): Promise<number> {
  const row = await db
    .selectFrom('conversation_messages')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return countToNumber(row.count);
}

/** The voice message an audio file belongs to, if it is one: who may hear it depends on it. */
export function messageOfAudio(db: Db, audioId: string) {
  return db
    .selectFrom('conversation_messages')
    .select(['conversation_id', 'user_id', 'is_hidden'])
    .where('audio_id', '=', audioId)
    .executeTakeFirst();
}

/**
 * Inside the conversation's lock: the message, the conversation's (and every member's) activity and count, and one
 * more unread for everyone but its sender and anyone on the other side of a block from them.
 */
export async function insertMessage(db: Db, message: Insertable<ConversationMessagesTable>): Promise<void> {
  await db.insertInto('conversation_messages').values(message).execute();
  await db
    .updateTable('conversations')
    .set((eb) => ({
      message_count: eb('message_count', '+', 1),
      last_message_id: message.id,
      last_activity_at: message.created_at,
    }))
    .where('id', '=', message.conversation_id)
    .execute();
  await db
    .updateTable('conversation_members')
    .set({ last_activity_at: message.created_at })
    .where('conversation_id', '=', message.conversation_id)
    .execute();
  await db
    .updateTable('conversation_members')
    .set((eb) => ({ unread_count: eb('unread_count', '+', 1) }))
    .where('conversation_id', '=', message.conversation_id)
    .where('user_id', '!=', message.user_id)
    .where(notHiddenFrom(db, 'conversation_members.user_id', message.user_id, 'blocks'))
    .execute();
}

/**
 * Inside the conversation's lock; false when it was already gone. The conversation's last message follows, and it is
 * one fewer unread for whoever had not read it.
 */
export async function deleteMessage(
  db: Db,
  message: Pick<ConversationMessageRow, 'id' | 'conversation_id' | 'user_id' | 'created_at'>,
): Promise<boolean> {
  const { id, conversation_id: conversationId } = message;
  const result = await db.deleteFrom('conversation_messages').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) return false;
  await db
    .updateTable('conversation_members')
    .set((eb) => ({ unread_count: eb('unread_count', '-', 1) }))
    .where('conversation_id', '=', conversationId)
    .where('user_id', '!=', message.user_id)
    .where(notHiddenFrom(db, 'conversation_members.user_id', message.user_id, 'blocks'))
    .where('last_read_at', '<', message.created_at)
    .where('unread_count', '>', 0)
    .execute();
  const newest = await db
    .selectFrom('conversation_messages')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  await db
    .updateTable('conversations')
    .set((eb) => ({ message_count: eb('message_count', '-', 1), last_message_id: newest?.id ?? null }))
    .where('id', '=', conversationId)
    .execute();
  return true;
}

/**
 * Each of `userIds`' unread counts, counted again over all their conversations: a block between them came or went,
 * and what one sent since they last read counts for the other only while none stands between them.
 */
export async function recountUnread(db: Db, userIds: readonly string[]): Promise<void> {
  for (const userId of userIds) {
    await db
      .updateTable('conversation_members')
      .set((eb) => ({
        unread_count: eb
          .selectFrom('conversation_messages')
          .select((count) => count.fn.countAll<number>().as('unread'))
          .whereRef('conversation_messages.conversation_id', '=', 'conversation_members.conversation_id')
          .whereRef('conversation_messages.created_at', '>', 'conversation_members.last_read_at')
          .where('conversation_messages.user_id', '!=', userId)
          .where(notHiddenFrom(db, 'conversation_messages.user_id', userId, 'blocks')),
      }))
      .where('user_id', '=', userId)
      .execute();
  }
}

/** The audio of every message of a conversation, so deleting it can remove their files too. */
export async function messageAudioOf(db: Db, conversationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('conversation_messages')
    .select('audio_id')
    .where('conversation_id', '=', conversationId)
    .execute();
  return rows.map((row) => row.audio_id);
}

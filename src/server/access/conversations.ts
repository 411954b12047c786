import type { Db } from '../db/database';
import { findConversation, memberIdsOf } from '../db/queries/conversations';
import { answersOf, findPublishRequest } from '../db/queries/publish-requests';
import { anyBlockWithin } from '../db/queries/safety';
import type { ConversationRow, PublishAnswer, PublishRequestRow } from '../db/schema';
import { authorize, notFound } from './guard';
import {
  actorOf,
  can,
  type Action,
  type Actor,
  type ConversationResource,
  type PublishRequestResource,
} from './policy';
import { blockedWith } from './people';
import { conversationMessageResource, conversationResource } from './resources';

/** Who is in the conversation now, as the access policy weighs it: every membership check reads it here. */
export async function membershipOf(db: Db, conversationId: string): Promise<ConversationResource> {
  return conversationResource(await memberIdsOf(db, conversationId));
}

/** The conversation and its members, if `userId` may do `action` to it: 404 for anyone not in it, as for nothing. */
export async function conversationFor(
  db: Db,
  userId: string,
  action: Action,
  conversationId: string,
): Promise<{ conversation: ConversationRow; memberIds: readonly string[] }> {
  const conversation = await findConversation(db, conversationId);
  if (!conversation) throw notFound('conversation');
  const membership = await membershipOf(db, conversation.id);
  authorize(actorOf(userId), action, membership);
  return { conversation, memberIds: membership.memberIds };
}

/**
 * The request to post a conversation, if `userId` may `action` it (answer it as one asked, or post or withdraw it
 * as its asker): 404 for anyone not in its conversation, as for nothing.
 */
export async function publishRequestFor(
  db: Db,
  userId: string,
  action: 'answer' | 'change',
  requestId: string,
): Promise<PublishRequestRow> {
  const request = await findPublishRequest(db, requestId);
  if (!request) throw notFound('publish-request');
  authorize(actorOf(userId), action, await publishRequestResource(db, request));
  return request;
}

/**
 * The request as the policy weighs it: its conversation's members now, and whom it asks, of those whose answer
 * `counts` (every one asked, unless told otherwise).
 */
export async function publishRequestResource(
  db: Db,
  request: PublishRequestRow,
  counts: (answer: PublishAnswer) => boolean = () => true,
): Promise<PublishRequestResource> {
  const [conversation, answers] = await Promise.all([
    membershipOf(db, request.conversation_id),
    answersOf(db, request.id),
  ]);
  return {
    kind: 'publish-request',
    requesterId: request.requester_id,
    askedIds: answers.filter((row) => counts(row.answer)).map((row) => row.user_id),
    conversation,
  };
}

/**
 * A group as it would be with `memberIds` (made, or grown): 403 when two of them stand on either side of a block,
 * whoever makes or grows it. A block made later between two members parts them inside it instead: neither hears
 * the other (`heardBy`).
 */
export async function requireGroupWithoutBlocks(
  db: Db,
  actor: Actor,
  memberIds: readonly string[],
): Promise<void> {
  const group = conversationResource(memberIds);
  authorize(actor, 'change', { ...group, blockWithin: await anyBlockWithin(db, memberIds) });
}

/**
 * Of `messages`, those `actor` may hear: as a member of its conversation (`conversationOf`, its members now),
 * neither hidden from them nor sent by someone on the other side of a block from them. Whatever they play, count
 * or post of a conversation is only these.
 */
export async function heardBy<M extends { user_id: string; is_hidden?: number }>(
  db: Db,
  actor: Actor,
  messages: readonly M[],
  conversationOf: (message: M) => ConversationResource,
): Promise<M[]> {
  const blocked = await blockedWith(db, actor, [...new Set(messages.map((message) => message.user_id))]);
  return messages.filter((message) =>
    can(
      actor,
      'view',
      conversationMessageResource(message, conversationOf(message), blocked.has(message.user_id)),
    ),
  );
}

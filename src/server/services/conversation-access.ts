import { authorize, notFound } from '../access/guard';
import { actorOf, type Action, type ConversationResource } from '../access/policy';
import { conversationResource } from '../access/resources';
import type { Db } from '../db/database';
import { findConversation, memberIdsOf } from '../db/queries/conversations';
import type { ConversationRow } from '../db/schema';

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

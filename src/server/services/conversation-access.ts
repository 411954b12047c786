import { authorize, notFound } from '../access/guard';
import { actorOf, type Action } from '../access/policy';
import { conversationResource } from '../access/resources';
import type { Db } from '../db/database';
import { findConversation, memberIdsOf } from '../db/queries/conversations';
import type { ConversationRow } from '../db/schema';

/** The conversation and its members, if `userId` may do `action` to it: 404 for anyone not in it, as for nothing. */
export async function conversationFor(
  db: Db,
  userId: string,
  action: Action,
  conversationId: string,
): Promise<{ conversation: ConversationRow; memberIds: string[] }> {
  const conversation = await findConversation(db, conversationId);
  if (!conversation) throw notFound('conversation');
  const memberIds = await memberIdsOf(db, conversation.id);
  authorize(actorOf(userId), action, conversationResource(memberIds));
  return { conversation, memberIds };
}

import type { Db } from '../db/database';
import { anyBlockWithin } from '../db/queries/safety';
import { authorize } from './guard';
import { can, type Actor, type ConversationResource } from './policy';
import { blockedWith } from './people';
import { conversationMessageResource, conversationResource } from './resources';

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

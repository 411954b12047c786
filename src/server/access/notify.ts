import type { Db } from '../db/database';
import type { MessageWithAudio } from '../db/queries/conversations';
import { isMuting } from '../db/queries/safety';
import { findUserById } from '../db/queries/users';
import type { PublishRequestRow } from '../db/schema';
import { heardBy, membershipOf, publishRequestResource } from './conversations';
import { blockedWith } from './people';
import { actorOf, can } from './policy';
import { commentAsSeenBy, postAsSeenBy, type PostFacts } from './posts';
import { personResource } from './resources';

/**
 * Whom a push may reach (issue 27), asked when it is about to be sent: never about what someone suspended did, nor
 * across a block either way, nor from someone the recipient mutes; never about anything the recipient, or the one
 * who acted, may not see (hidden, removed, private, a draft).
 */

/** Whether `recipientId` may be pushed what `actorId` did. */
export async function mayNotifyOf(db: Db, recipientId: string, actorId: string): Promise<boolean> {
  const recipient = actorOf(recipientId);
  const [actor, blocked, muted] = await Promise.all([
    findUserById(db, actorId),
    blockedWith(db, recipient, [actorId]),
    isMuting(db, recipientId, actorId),
  ]);
  if (!actor) return false;
  return can(recipient, 'be-notified-of', {
    ...personResource(actor, blocked.has(actorId)),
    mutedByViewer: muted,
  });
}

/** About a post (a like on it, or it is new): as both the recipient and the one who acted see it. */
export async function mayNotifyOfPost(
  db: Db,
  recipientId: string,
  actorId: string,
  post: PostFacts,
): Promise<boolean> {
  const seenBy = async (userId: string) =>
    can(actorOf(userId), 'view', await postAsSeenBy(db, actorOf(userId), post));
  return (
    (await mayNotifyOf(db, recipientId, actorId)) && (await seenBy(actorId)) && (await seenBy(recipientId))
  );
}

/** About a voice comment on the recipient's post: one they see (not hidden, not held), on a post its author sees. */
export async function mayNotifyOfComment(
  db: Db,
  recipientId: string,
  comment: Parameters<typeof commentAsSeenBy>[2] & { user_id: string },
  post: PostFacts,
): Promise<boolean> {
  if (!(await mayNotifyOfPost(db, recipientId, comment.user_id, post))) return false;
  return can(actorOf(recipientId), 'view', await commentAsSeenBy(db, actorOf(recipientId), comment, post));
}

/** About a voice message: one the recipient hears, as a member of its conversation now. */
export async function mayNotifyOfMessage(
  db: Db,
  recipientId: string,
  message: MessageWithAudio,
): Promise<boolean> {
  if (!(await mayNotifyOf(db, recipientId, message.user_id))) return false;
  const membership = await membershipOf(db, message.conversation_id);
  return (await heardBy(db, actorOf(recipientId), [message], () => membership)).length > 0;
}

/**
 * About a request to post a conversation, addressed to the recipient as a message is: one still asking them, as a
 * member of its conversation now, who has not answered yet.
 */
export async function mayNotifyOfPublishRequest(
  db: Db,
  recipientId: string,
  request: PublishRequestRow,
): Promise<boolean> {
  if (request.status !== 'asking' || !(await mayNotifyOf(db, recipientId, request.requester_id)))
    return false;
  const stillAsked = await publishRequestResource(db, request, (answer) => answer === 'pending');
  return can(actorOf(recipientId), 'answer', stillAsked);
}

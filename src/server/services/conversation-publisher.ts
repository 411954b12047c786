import type { Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';
import { AUDIO_DURATION_LIMITS, tooLongMessage } from '@shared/domain/audio-limits';
import { CONVERSATION_POST_TITLE_PREFIX, NO_MESSAGES_TO_POST_MESSAGE } from '@shared/domain/conversations';
import { displayName } from '@shared/domain/display-name';
import { TITLE_MAX_LENGTH, TRANSCRIPTION_MAX_LENGTH } from '@shared/domain/posts';
import { heardBy } from '../access/conversations';
import { requireReach } from '../access/people';
import { actorOf, can } from '../access/policy';
import type { Db } from '../db/database';
import { countMessages, firstMessages, lockConversation } from '../db/queries/conversations';
import type { ConversationRow } from '../db/schema';
import { BadRequestError, ConflictError } from '../errors';
import { MissingMediaError } from '../media/media-errors';
import type { AudioLibrary } from './audio-library';
import { conversationFor, membershipOf } from './conversation-access';
import { directPair } from './conversation-presenter';
import type { PostService } from './post-service';
import type { UserService } from './user-service';

/** Most messages one post joins: beyond it ffmpeg would open too many inputs at once. */
export const PUBLISH_MAX_MESSAGES = 200;

export interface ConversationPublisher {
  /**
   * Spec §4 Posting a conversation: the messages joined in order, in one ffmpeg pass over their stored audio, into
   * an ordinary public post of the asker, its duration measured, its title "Conversation with ..." and its
   * transcription the messages' joined.
   */
  publish(userId: string, conversationId: string): Promise<Post>;
}

export const CONVERSATION_CHANGED_MESSAGE = 'This conversation changed while it was being posted. Try again.';

/** "Conversation with Ada Lovelace and Alan Turing" (spec §7), within a post title's length. */
function publishedTitle(others: PublicUser[], conversation: ConversationRow): string {
  const names = others.map((person) => displayName(person));
  const whom =
    names.length > 0
      ? new Intl.ListFormat('en', { type: 'conjunction' }).format(names)
      : (conversation.name ?? 'myself');
  const title = `${CONVERSATION_POST_TITLE_PREFIX} ${whom}`;
  return title.length <= TITLE_MAX_LENGTH ? title : `${title.slice(0, TITLE_MAX_LENGTH - 1)}…`;
}

export function createConversationPublisher(deps: {
  db: Db;
  audio: AudioLibrary;
  users: UserService;
  posts: PostService;
}): ConversationPublisher {
  const { db, audio, users, posts } = deps;

  /** Whether the asker is still in it and every one of `messageIds` still there. */
  async function unchanged(database: Db, userId: string, conversationId: string, messageIds: string[]) {
    return (
      can(actorOf(userId), 'publish', await membershipOf(database, conversationId)) &&
      (await countMessages(database, messageIds)) === messageIds.length
    );
  }

  return {
    async publish(userId, conversationId) {
      const { conversation, memberIds } = await conversationFor(db, userId, 'publish', conversationId);
      const participants = conversation.type === 'direct' ? directPair(conversation) : memberIds;
      const otherIds = participants.filter((id) => id !== userId);
      // A direct chat across a block is refused like sending to it: nobody publishes the voice of someone they
      // block or who blocks them. Asked again inside the write, for a block made while ffmpeg ran.
      const refuseAcrossBlock = (database: Db) =>
        conversation.type === 'direct'
          ? requireReach(database, actorOf(userId), otherIds)
          : Promise.resolve();
      await refuseAcrossBlock(db);
      // Only what the asker hears: never the voice of someone on the other side of a block from them.
      const messages = await firstMessages(db, conversation.id, PUBLISH_MAX_MESSAGES + 1, userId);
      if (messages.length === 0) throw new BadRequestError(NO_MESSAGES_TO_POST_MESSAGE);
      if (messages.length > PUBLISH_MAX_MESSAGES) {
        throw new BadRequestError(
          `A conversation of more than ${PUBLISH_MAX_MESSAGES} voice messages is too long to post as one.`,
        );
      }
      // Measured when each was sent: no file is copied for a post that would be too long.
      const limit = AUDIO_DURATION_LIMITS.post;
      if (messages.reduce((total, message) => total + message.duration, 0) > limit.seconds) {
        throw new BadRequestError(`${tooLongMessage(limit)} This conversation is longer than that.`);
      }
      const people = await users.publicUsersByIds(otherIds);
      const others = otherIds.flatMap((id) => people.get(id) ?? []);
      const messageIds = messages.map((message) => message.message_id);
      const prepared = await audio
        .prepareJoinedAssets(messages, userId, false, limit)
        .catch(async (error) => {
          // A message deleted since it was read took its audio with it: the conversation changed, nothing was lost.
          if (
            error instanceof MissingMediaError &&
            !(await unchanged(db, userId, conversation.id, messageIds))
          ) {
            throw new ConflictError(CONVERSATION_CHANGED_MESSAGE);
          }
          throw error;
        });
      const transcription = messages
        .flatMap((message) => (message.transcription ? [message.transcription] : []))
        .join('\n\n');
      const fields = {
        title: publishedTitle(others, conversation),
        transcription: transcription.slice(0, TRANSCRIPTION_MAX_LENGTH) || null,
      };
      // Held while the post is written: nobody leaves and no message is deleted before it is in, or it is not.
      return posts.createFromAudio(userId, prepared, fields, async (trx) => {
        const locked = await lockConversation(trx, conversation.id);
        if (!locked || !(await unchanged(trx, userId, conversation.id, messageIds))) {
          throw new ConflictError(CONVERSATION_CHANGED_MESSAGE);
        }
        // A block made while ffmpeg ran: the asker no longer hears every voice it joined.
        const membership = await membershipOf(trx, conversation.id);
        const heard = await heardBy(trx, actorOf(userId), messages, () => membership);
        if (heard.length !== messages.length) throw new ConflictError(CONVERSATION_CHANGED_MESSAGE);
        await refuseAcrossBlock(trx);
      });
    },
  };
}

import type { PublishConversationResult, PublishRequest } from '@shared/contract/conversations';
import type { Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';
import { AUDIO_DURATION_LIMITS, tooLongMessage } from '@shared/domain/audio-limits';
import { CONVERSATION_POST_TITLE_PREFIX, NO_MESSAGES_TO_POST_MESSAGE } from '@shared/domain/conversations';
import { displayName } from '@shared/domain/display-name';
import { TITLE_MAX_LENGTH, TRANSCRIPTION_MAX_LENGTH } from '@shared/domain/posts';
import { conversationFor, membershipOf, publishRequestFor } from '../access/conversations';
import { blockedWith, requireReach } from '../access/people';
import { notFound } from '../access/guard';
import { actorOf, can } from '../access/policy';
import { conversationMessageResource, conversationResource } from '../access/resources';
import type { Db } from '../db/database';
import {
  countMessages,
  firstMessages,
  lockConversation,
  type PublishableMessage,
} from '../db/queries/conversations';
import {
  answersOf,
  findAskingRequest,
  findPublishRequest,
  insertConversationPost,
  insertPublishRequest,
  setAnswer,
  settleRequest,
} from '../db/queries/publish-requests';
import type { ConversationRow, PublishAnswer, PublishRequestRow } from '../db/schema';
import { BadRequestError, ConflictError } from '../errors';
import type { EventBus } from '../events/event-bus';
import { newId } from '../ids';
import { MissingMediaError } from '../media/media-errors';
import type { AudioLibrary } from './audio-library';
import { directPair } from './conversation-presenter';
import type { NotificationService } from './notification-service';
import type { PostService } from './post-service';
import type { PushService } from './push-delivery';
import type { UserService } from './user-service';

/** Most messages one post joins: beyond it ffmpeg would open too many inputs at once. */
export const PUBLISH_MAX_MESSAGES = 200;

export interface ConversationPublisher {
  /**
   * Spec §4 Posting a conversation: the messages joined in order, in one ffmpeg pass over their stored audio, into
   * an ordinary public post of the asker, its duration measured, its title "Conversation with ..." and its
   * transcription the messages' joined. Issue 25: at once only when every voice in it is the asker's; otherwise a
   * request asking the others, posted when all of them agree.
   */
  publish(userId: string, conversationId: string): Promise<PublishConversationResult>;
  /** The request asking this conversation's voices, as a member sees it, or null. */
  askingRequest(userId: string, conversationId: string): Promise<PublishRequest | null>;
  /** A person asked agrees or declines; the last agreement posts it. */
  answer(userId: string, requestId: string, answer: 'agree' | 'decline'): Promise<PublishRequest>;
  /** The asker posts it now, with their own voice and the voices of those who agreed. */
  postNow(userId: string, requestId: string): Promise<Post>;
  withdraw(userId: string, requestId: string): Promise<void>;
}

export const CONVERSATION_CHANGED_MESSAGE = 'This conversation changed while it was being posted. Try again.';
export const REQUEST_SETTLED_MESSAGE = 'This request to post the conversation is no longer open.';
export const NOBODY_AGREED_MESSAGE =
  'Nobody whose voice is in this conversation has agreed yet, and none of it is yours: there is nothing to post.';

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

const othersIn = (messages: PublishableMessage[], userId: string) => [
  ...new Set(messages.map((message) => message.user_id).filter((id) => id !== userId)),
];

/** Where each message lies in the joined audio, as measured when it was sent. */
function partsOf(messages: PublishableMessage[]) {
  let startMs = 0;
  return messages.map((message, position) => {
    const endMs = startMs + Math.round(message.duration * 1000);
    const part = {
      position,
      user_id: message.user_id,
      start_ms: startMs,
      end_ms: endMs,
      transcription: message.transcription,
    };
    startMs = endMs;
    return part;
  });
}

export function createConversationPublisher(deps: {
  db: Db;
  audio: AudioLibrary;
  users: UserService;
  posts: PostService;
  events: EventBus;
  notifications: NotificationService;
  push: PushService;
}): ConversationPublisher {
  const { db, audio, users, posts, events, notifications, push } = deps;

  /** Whether the asker is still in it and every one of `messageIds` still there. */
  async function unchanged(database: Db, userId: string, conversationId: string, messageIds: string[]) {
    return (
      can(actorOf(userId), 'publish', await membershipOf(database, conversationId)) &&
      (await countMessages(database, messageIds)) === messageIds.length
    );
  }

  /**
   * The messages `userId` may put in a post of theirs (sent up to `upTo`, when given), oldest first: the access
   * policy leaves out hidden ones and those of people who left or are across a block from the asker.
   */
  async function publishableMessages(
    userId: string,
    conversation: ConversationRow,
    memberIds: readonly string[],
    upTo?: string,
  ): Promise<PublishableMessage[]> {
    const rows = await firstMessages(db, conversation.id, PUBLISH_MAX_MESSAGES + 1, userId, upTo);
    if (rows.length > PUBLISH_MAX_MESSAGES) {
      throw new BadRequestError(
        `A conversation of more than ${PUBLISH_MAX_MESSAGES} voice messages is too long to post as one.`,
      );
    }
    const acrossBlock = await blockedWith(db, actorOf(userId), othersIn(rows, userId));
    const membership = conversationResource(memberIds);
    return rows.filter((row) =>
      can(
        actorOf(userId),
        'publish',
        conversationMessageResource(row, membership, acrossBlock.has(row.user_id)),
      ),
    );
  }

  function refuseTooLong(messages: PublishableMessage[]) {
    if (messages.length === 0) throw new BadRequestError(NO_MESSAGES_TO_POST_MESSAGE);
    // Measured when each was sent: no file is copied for a post that would be too long.
    const limit = AUDIO_DURATION_LIMITS.post;
    if (messages.reduce((total, message) => total + message.duration, 0) > limit.seconds) {
      throw new BadRequestError(`${tooLongMessage(limit)} This conversation is longer than that.`);
    }
  }

  async function titleFor(userId: string, conversation: ConversationRow, messages: PublishableMessage[]) {
    const voices = othersIn(messages, userId);
    // Named after the voices it carries; a post of the asker's voice alone, after the others as before.
    const named = voices.length > 0 ? voices : participantsOf(conversation, []).filter((id) => id !== userId);
    const people = await users.publicUsersByIds(named);
    return publishedTitle(
      named.flatMap((id) => people.get(id) ?? []),
      conversation,
    );
  }

  function participantsOf(conversation: ConversationRow, memberIds: readonly string[]): string[] {
    return conversation.type === 'direct' ? directPair(conversation) : [...memberIds];
  }

  /**
   * Joins `messages` into a post of `userId`'s. Held while the post is written: nobody leaves and no message is
   * deleted before it is in, or it is not; `recheck` and `alongside` run in that transaction.
   */
  async function joinAndPost(
    userId: string,
    conversation: ConversationRow,
    messages: PublishableMessage[],
    recheck: (trx: Db) => Promise<void>,
    alongside?: (trx: Db, postId: string) => Promise<void>,
  ): Promise<Post> {
    refuseTooLong(messages);
    const messageIds = messages.map((message) => message.message_id);
    const title = await titleFor(userId, conversation, messages);
    const prepared = await audio
      .prepareJoinedAssets(messages, userId, false, AUDIO_DURATION_LIMITS.post)
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
    const fields = { title, transcription: transcription.slice(0, TRANSCRIPTION_MAX_LENGTH) || null };
    return posts.createFromAudio(
      userId,
      prepared,
      fields,
      async (trx) => {
        const locked = await lockConversation(trx, conversation.id);
        if (!locked || !(await unchanged(trx, userId, conversation.id, messageIds))) {
          throw new ConflictError(CONVERSATION_CHANGED_MESSAGE);
        }
        await recheck(trx);
      },
      async (trx, postId) => {
        // Which parts are whose: someone who leaves later is taken back out of it.
        await insertConversationPost(trx, postId, conversation.id, partsOf(messages));
        await alongside?.(trx, postId);
      },
    );
  }

  /** Every member's open conversation shows the request as it now stands. */
  async function tellMembers(trx: Db, conversationId: string) {
    for (const memberId of (await membershipOf(trx, conversationId)).memberIds) {
      await events.publish(trx, { type: 'conversation', userId: memberId, id: conversationId });
    }
  }

  /**
   * The request and its conversation, if `userId` may do `action` to it (access/policy.ts `publish-request`): 404 as
   * for nothing to anyone not in the conversation.
   */
  function refuseUnlessAsking(request: PublishRequestRow) {
    if (request.status !== 'asking') throw new ConflictError(REQUEST_SETTLED_MESSAGE);
  }

  /**
   * The messages the request asked about that the asker may still post, keeping the voices of the asker and of those
   * whose answer `keeps`; with the conversation and the answers.
   */
  async function requestedMessages(
    request: PublishRequestRow,
    action: 'view' | 'publish',
    keeps: (answer: PublishAnswer) => boolean,
  ) {
    const { conversation, memberIds } = await conversationFor(
      db,
      request.requester_id,
      action,
      request.conversation_id,
    );
    const answers = await answersOf(db, request.id);
    const kept = new Set(answers.flatMap((row) => (keeps(row.answer) ? [row.user_id] : [])));
    const messages = (
      await publishableMessages(request.requester_id, conversation, memberIds, request.created_at)
    ).filter((message) => message.user_id === request.requester_id || kept.has(message.user_id));
    return { conversation, answers, messages };
  }

  /** What the request would post: the asker's messages and those of everyone asked who has not declined. */
  async function present(request: PublishRequestRow): Promise<PublishRequest> {
    const { conversation, answers, messages } = await requestedMessages(
      request,
      'view',
      (answer) => answer !== 'declined',
    );
    const people = await users.publicUsersByIds([request.requester_id, ...answers.map((row) => row.user_id)]);
    const requester = people.get(request.requester_id);
    if (!requester) throw notFound('conversation');
    return {
      kind: 'publish-request',
      id: request.id,
      conversationId: request.conversation_id,
      requester,
      status: request.status,
      title: await titleFor(request.requester_id, conversation, messages),
      messageCount: messages.length,
      duration: messages.reduce((total, message) => total + message.duration, 0),
      answers: answers.flatMap((row) => {
        const user = people.get(row.user_id);
        if (!user) return [];
        const messageCount = messages.filter((message) => message.user_id === row.user_id).length;
        return [{ user, answer: row.answer, messageCount }];
      }),
      postId: request.post_id,
      createdAt: request.created_at,
    };
  }

  /** Posts what the request asked about with the voices of the asker and of those who agreed by now. */
  async function postRequest(request: PublishRequestRow): Promise<Post> {
    const { conversation, messages } = await requestedMessages(
      request,
      'publish',
      (answer) => answer === 'agreed',
    );
    if (messages.length === 0) throw new BadRequestError(NOBODY_AGREED_MESSAGE);
    return joinAndPost(
      request.requester_id,
      conversation,
      messages,
      async (trx) => {
        const current = await findPublishRequest(trx, request.id);
        if (current?.status !== 'asking') throw new ConflictError(REQUEST_SETTLED_MESSAGE);
        // An answer changed meanwhile (a decline, or someone left): what was joined is not what they said yes to.
        const now = await answersOf(trx, request.id);
        if (
          messages.some(
            (message) =>
              message.user_id !== request.requester_id &&
              !now.some((row) => row.user_id === message.user_id && row.answer === 'agreed'),
          )
        ) {
          throw new ConflictError(CONVERSATION_CHANGED_MESSAGE);
        }
      },
      async (trx, postId) => {
        await settleRequest(trx, request.id, 'posted', postId);
        await tellMembers(trx, request.conversation_id);
      },
    );
  }

  async function alreadyAskingMessage(open: PublishRequestRow) {
    const asker = (await users.publicUsersByIds([open.requester_id])).get(open.requester_id);
    const who = asker ? displayName(asker) : 'Someone';
    return `${who} is already asking to post this conversation. Wait until everyone has answered.`;
  }

  return {
    async publish(userId, conversationId) {
      const { conversation, memberIds } = await conversationFor(db, userId, 'publish', conversationId);
      const otherIds = participantsOf(conversation, memberIds).filter((id) => id !== userId);
      // A direct chat across a block is refused like sending to it. Asked again inside the write, for a block made
      // while ffmpeg ran.
      const refuseAcrossBlock = (database: Db) =>
        conversation.type === 'direct'
          ? requireReach(database, actorOf(userId), otherIds)
          : Promise.resolve();
      await refuseAcrossBlock(db);
      const messages = await publishableMessages(userId, conversation, memberIds);
      refuseTooLong(messages);
      const asked = othersIn(messages, userId);
      if (asked.length === 0) return joinAndPost(userId, conversation, messages, refuseAcrossBlock);

      const request = await db.transaction().execute(async (trx) => {
        if (!(await lockConversation(trx, conversation.id))) throw notFound('conversation');
        const open = await findAskingRequest(trx, conversation.id);
        // Another's request is named after the transaction: asking the database from outside it meanwhile would wait
        // for itself on SQLite's one connection.
        if (open) return open;
        const row: PublishRequestRow = {
          id: newId(),
          conversation_id: conversation.id,
          requester_id: userId,
          status: 'asking',
          post_id: null,
          created_at: new Date().toISOString(),
        };
        await insertPublishRequest(trx, row, asked);
        for (const recipientId of asked) {
          await notifications.notify(trx, {
            recipientId,
            actorId: userId,
            type: 'publish-request',
            postId: null,
            conversationId: conversation.id,
            once: row.id,
          });
        }
        await push.announcePublishRequest(trx, row.id, asked);
        await tellMembers(trx, conversation.id);
        return row;
      });
      if (request.requester_id !== userId) throw new ConflictError(await alreadyAskingMessage(request));
      return present(request);
    },

    async askingRequest(userId, conversationId) {
      const { conversation } = await conversationFor(db, userId, 'view', conversationId);
      const request = await findAskingRequest(db, conversation.id);
      return request ? present(request) : null;
    },

    async answer(userId, requestId, answer) {
      const request = await publishRequestFor(db, userId, 'answer', requestId);
      refuseUnlessAsking(request);
      const everyoneAgreed = await db.transaction().execute(async (trx) => {
        await lockConversation(trx, request.conversation_id);
        refuseUnlessAsking((await findPublishRequest(trx, request.id)) ?? request);
        const answered = answer === 'agree' ? 'agreed' : 'declined';
        // Asked answers are kept until the request goes: the row is there.
        await setAnswer(trx, request.id, userId, answered, new Date().toISOString());
        await tellMembers(trx, request.conversation_id);
        return (await answersOf(trx, request.id)).every((row) => row.answer === 'agreed');
      });
      if (everyoneAgreed) {
        // The last yes posts it; should the conversation have changed meanwhile, the asker can post it again.
        await postRequest(request).catch((error) => {
          if (!(error instanceof ConflictError || error instanceof BadRequestError)) throw error;
        });
      }
      return present((await findPublishRequest(db, request.id)) ?? request);
    },

    async postNow(userId, requestId) {
      const request = await publishRequestFor(db, userId, 'change', requestId);
      refuseUnlessAsking(request);
      return postRequest(request);
    },

    async withdraw(userId, requestId) {
      const request = await publishRequestFor(db, userId, 'change', requestId);
      refuseUnlessAsking(request);
      await db.transaction().execute(async (trx) => {
        await lockConversation(trx, request.conversation_id);
        if (!(await settleRequest(trx, request.id, 'withdrawn', null))) {
          throw new ConflictError(REQUEST_SETTLED_MESSAGE);
        }
        await tellMembers(trx, request.conversation_id);
      });
    },
  };
}

import type {
  Conversation,
  ConversationRecording,
  conversationRecordingFieldsSchema,
  createConversationBodySchema,
} from '@shared/contract/conversations';
import { AUDIO_DURATION_LIMITS } from '@shared/domain/audio-limits';
import {
  GROUP_MAX_MEMBERS,
  PERSON_LEFT_EARSHOT_MESSAGE,
  type ConversationType,
} from '@shared/domain/conversations';
import type { z } from 'zod';
import { authorize, notFound } from '../access/guard';
import { actorOf, can, type Actor } from '../access/policy';
import { conversationFor, heardBy, membershipOf, requireGroupWithoutBlocks } from '../access/conversations';
import { requireReach } from '../access/people';
import { conversationMessageResource } from '../access/resources';
import type { Db } from '../db/database';
import type { PushService } from './push-delivery';
import { isUniqueViolation } from '../db/dialect';
import type { Page, PageRequest } from '../db/pagination';
import { deleteAudioAsset } from '../db/queries/audio-assets';
import {
  deleteConversation,
  deleteMessage,
  findDirectConversation,
  findMessageWithAudio,
  insertConversation,
  insertMembers,
  insertMessage,
  listMessages,
  listMyConversations,
  lockConversation,
  markConversationRead,
  memberIdsOf,
  messageAudioOf,
  removeMember,
  unreadTotal,
} from '../db/queries/conversations';
import { findUsersByIds } from '../db/queries/users';
import type { ConversationRow } from '../db/schema';
import { BadRequestError, GoneError } from '../errors';
import type { EventBus, LiveEvent } from '../events/event-bus';
import { newId } from '../ids';
import type { ScratchFile } from '../storage/scratch-files';
import type { AudioLibrary } from './audio-library';
import { createConversationPresenter, directPair } from './conversation-presenter';
import { commitWithFiles } from './stored-files';
import { refuseUnaddable } from '../access/group-adds';
import type { UserService } from './user-service';
import { takeBackVoice } from './published-voices';
import type { JobQueue } from '../jobs/job-queue';

type CreateBody = z.output<typeof createConversationBodySchema>;
type RecordingFields = z.output<typeof conversationRecordingFieldsSchema>;

export interface ConversationService {
  /** Mine, newest activity first: every one, or only those of `type`. */
  list(userId: string, page: PageRequest, type?: ConversationType): Promise<Page<Conversation>>;
  /** One of mine, as my list shows it. */
  get(userId: string, conversationId: string): Promise<Conversation>;
  /** Messages from others I have not read, over all my conversations (the navigation's badge). */
  unreadCount(userId: string): Promise<number>;
  /** `created` is false when a direct conversation the two already share was found (and the asker is back in it). */
  create(userId: string, body: CreateBody): Promise<{ conversation: Conversation; created: boolean }>;
  addPeople(userId: string, conversationId: string, userIds: string[]): Promise<Conversation>;
  /** Takes it off the asker's list; with its last member gone, its messages and their audio are deleted. */
  leave(userId: string, conversationId: string): Promise<void>;
  /** A page of messages (see the contract); the first marks the conversation read for the asker up to its newest. */
  listRecordings(
    userId: string,
    conversationId: string,
    page: PageRequest,
  ): Promise<Page<ConversationRecording>>;
  /** Whether `userId` may send here: settled before the audio is streamed. */
  admitRecording(userId: string, conversationId: string): Promise<void>;
  send(
    userId: string,
    conversationId: string,
    upload: ScratchFile | undefined,
    fields: RecordingFields,
  ): Promise<ConversationRecording>;
  /** Its sender deletes it; so may a moderator (`moderator`). */
  deleteRecording(userId: string, messageId: string, options?: { moderator?: boolean }): Promise<void>;
  /** For live events: what `userId` may see of each, at the moment of asking; undefined when nothing. */
  visibleConversation(userId: string, conversationId: string): Promise<Conversation | undefined>;
  visibleRecording(userId: string, messageId: string): Promise<ConversationRecording | undefined>;
  isMember(userId: string, conversationId: string): Promise<boolean>;
}

/** A direct conversation's two people, found again whoever starts it. */
const directKeyOf = (a: string, b: string) => [a, b].sort().join(' ');

export function createConversationService(deps: {
  db: Db;
  audio: AudioLibrary;
  users: UserService;
  events: EventBus;
  jobs: JobQueue;
  push: PushService;
}): ConversationService {
  const { db, audio, events, jobs, push } = deps;
  const present = createConversationPresenter(db, deps.users);

  async function presentOwn(userId: string, conversationId: string): Promise<Conversation> {
    const conversation = await present.conversationOf(userId, conversationId);
    if (!conversation) throw notFound('conversation');
    return conversation;
  }

  /**
   * Every one of `ids` is a person the asker may reach (none suspended, none across a block); the asker is never
   * one of "the others".
   */
  async function otherPeople(userId: string, ids: string[]): Promise<string[]> {
    const others = [...new Set(ids)].filter((id) => id !== userId);
    const found = new Set((await findUsersByIds(db, others)).map((row) => row.id));
    const missing = others.filter((id) => !found.has(id));
    if (missing.length > 0) throw new BadRequestError(`No user has the id ${missing.join(', ')}.`);
    await requireReach(db, actorOf(userId), others);
    return others;
  }

  /**
   * May `userId` send to the conversation: a member, and in a direct one not blocked by the other person nor
   * blocking them (sending would bring it back onto their list). A group is everyone's: a block there refuses
   * nothing.
   */
  async function sendableFor(userId: string, conversationId: string) {
    const found = await conversationFor(db, userId, 'send', conversationId);
    await refuseAcrossBlock(db, userId, found.conversation);
    await refuseIfPersonLeftEarshot(db, found.conversation);
    return found;
  }

  /** 410 for a direct conversation whose other person deleted their account: nobody is there to hear it. */
  async function refuseIfPersonLeftEarshot(database: Db, conversation: ConversationRow) {
    if (conversation.type !== 'direct') return;
    const pair = directPair(conversation);
    if ((await findUsersByIds(database, pair)).length < pair.length) {
      throw new GoneError(PERSON_LEFT_EARSHOT_MESSAGE);
    }
  }

  /** In a direct conversation, 403 when either of its two blocks the other (asked again inside each write). */
  async function refuseAcrossBlock(database: Db, userId: string, conversation: ConversationRow) {
    if (conversation.type !== 'direct') return;
    await requireReach(
      database,
      actorOf(userId),
      directPair(conversation).filter((id) => id !== userId),
    );
  }

  const publishAll = async (database: Db, list: LiveEvent[]) => {
    for (const event of list) await events.publish(database, event);
  };
  /** The conversation is new to these people, or its membership changed: their lists and open views catch up. */
  const conversationEvents = (conversationId: string, userIds: string[]): LiveEvent[] =>
    userIds.map((userId) => ({ type: 'conversation', userId, id: conversationId }));

  async function startDirect(userId: string, otherId: string): Promise<{ id: string; created: boolean }> {
    const directKey = directKeyOf(userId, otherId);
    const existing = await findDirectConversation(db, directKey);
    const rejoined =
      existing &&
      (await db.transaction().execute(async (trx) => {
        const locked = await lockConversation(trx, existing.id);
        if (!locked) return false;
        const added = await insertMembers(trx, locked, [userId], new Date().toISOString());
        await publishAll(trx, conversationEvents(locked.id, added));
        return true;
      }));
    if (existing && rejoined) return { id: existing.id, created: false };
    // None yet, or it went with its last member's leaving just now: a new one.
    try {
      const id = await insertNew(userId, { type: 'direct', name: null, direct_key: directKey }, [
        userId,
        otherId,
      ]);
      return { id, created: true };
    } catch (error) {
      // The other person started it at the same moment: theirs is the one.
      if (!isUniqueViolation(error)) throw error;
      return startDirect(userId, otherId);
    }
  }

  async function insertNew(
    userId: string,
    fields: Pick<ConversationRow, 'type' | 'name' | 'direct_key'>,
    memberIds: string[],
  ): Promise<string> {
    const id = newId();
    const now = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      // A block may have come since the people were checked; in a group, each must let the asker add them.
      const others = memberIds.filter((memberId) => memberId !== userId);
      await requireReach(trx, actorOf(userId), others);
      if (fields.type === 'group') {
        await requireGroupWithoutBlocks(trx, actorOf(userId), [userId, ...memberIds]);
        await refuseUnaddable(trx, userId, others);
      }
      await insertConversation(trx, { id, ...fields, created_at: now, last_activity_at: now });
      const added = await insertMembers(
        trx,
        { id, type: fields.type, last_activity_at: now },
        [userId, ...memberIds],
        now,
      );
      await publishAll(trx, conversationEvents(id, added));
    });
    return id;
  }

  /** Inside the conversation's lock: it and its messages go, and the audio rows; returns the audio to delete. */
  async function purge(trx: Db, conversationId: string): Promise<string[]> {
    const audioIds = await messageAudioOf(trx, conversationId);
    await deleteConversation(trx, conversationId);
    for (const audioId of audioIds) await deleteAudioAsset(trx, audioId);
    return audioIds;
  }

  return {
    async list(userId, page, type) {
      const rows = await listMyConversations(db, userId, page, type);
      return { items: await present.conversations(userId, rows.items), nextCursor: rows.nextCursor };
    },

    get: presentOwn,

    unreadCount: (userId) => unreadTotal(db, userId),

    async create(userId, body) {
      if (body.type === 'direct') {
        if (body.participantIds.length === 0) {
          throw new BadRequestError('Choose the person to start a chat with.');
        }
        if (body.participantIds.every((id) => id === userId)) {
          throw new BadRequestError('Choose someone other than yourself to start a chat with.');
        }
        const others = await otherPeople(userId, body.participantIds);
        if (others.length !== 1) {
          throw new BadRequestError('A direct conversation is with exactly one other person.');
        }
        const { id, created } = await startDirect(userId, others[0]!);
        return { conversation: await presentOwn(userId, id), created };
      }
      if (!body.name) throw new BadRequestError('Give the group a name.');
      const others = await otherPeople(userId, body.participantIds);
      if (others.length < 2) throw new BadRequestError('A group needs at least two other people.');
      if (others.length + 1 > GROUP_MAX_MEMBERS) {
        throw new BadRequestError(`A group can have at most ${GROUP_MAX_MEMBERS} people.`);
      }
      const id = await insertNew(userId, { type: 'group', name: body.name, direct_key: null }, others);
      return { conversation: await presentOwn(userId, id), created: true };
    },

    async addPeople(userId, conversationId, userIds) {
      const { conversation } = await conversationFor(db, userId, 'change', conversationId);
      if (conversation.type !== 'group') {
        throw new BadRequestError(
          'People can be added to groups only. Start a group to talk with more people.',
        );
      }
      const others = await otherPeople(userId, userIds);
      await db.transaction().execute(async (trx) => {
        const locked = await lockConversation(trx, conversation.id);
        const membership = await membershipOf(trx, conversation.id);
        // They may have left while this was on its way.
        authorize(actorOf(userId), 'change', membership);
        const joining = others.filter((id) => !membership.memberIds.includes(id));
        await requireReach(trx, actorOf(userId), joining);
        await requireGroupWithoutBlocks(trx, actorOf(userId), [...membership.memberIds, ...joining]);
        await refuseUnaddable(trx, userId, joining);
        if (membership.memberIds.length + joining.length > GROUP_MAX_MEMBERS) {
          throw new BadRequestError(`A group can have at most ${GROUP_MAX_MEMBERS} people.`);
        }
        const added = await insertMembers(trx, locked!, joining, new Date().toISOString());
        if (added.length > 0) {
          await publishAll(trx, conversationEvents(conversation.id, [...membership.memberIds, ...added]));
        }
      });
      return presentOwn(userId, conversation.id);
    },

    async leave(userId, conversationId) {
      const { conversation } = await conversationFor(db, userId, 'delete', conversationId);
      const deletedAudio = await db.transaction().execute(async (trx) => {
        if (!(await lockConversation(trx, conversation.id))) return [];
        await takeBackVoice(trx, jobs, userId, conversation.id);
        await removeMember(trx, conversation.id, userId);
        const remaining = await memberIdsOf(trx, conversation.id);
        if (remaining.length === 0) return purge(trx, conversation.id);
        await publishAll(trx, conversationEvents(conversation.id, remaining));
        return [];
      });
      for (const id of deletedAudio) await audio.deleteFiles({ id });
    },

    async listRecordings(userId, conversationId, page) {
      const { conversation } = await conversationFor(db, userId, 'view', conversationId);
      const rows = await listMessages(db, conversation.id, userId, page);
      const items = (await present.recordings(rows.items)).reverse();
      // Read up to the newest message this page saw: one sent since is still unread.
      const newest = rows.items[0];
      if (!page.cursor && newest) {
        await db.transaction().execute(async (trx) => {
          if (!(await lockConversation(trx, conversation.id))) return;
          await markConversationRead(trx, conversation.id, userId, newest.created_at);
        });
      }
      return { items, nextCursor: rows.nextCursor };
    },

    async admitRecording(userId, conversationId) {
      await sendableFor(userId, conversationId);
    },

    async send(userId, conversationId, upload, fields) {
      const { conversation } = await sendableFor(userId, conversationId);
      if (!upload) throw new BadRequestError('Attach the voice message as a file field named "audio".');
      const prepared = await audio.prepare(upload, userId, true, AUDIO_DURATION_LIMITS.conversationMessage);
      const id = newId();
      await commitWithFiles(db, [prepared], async (trx) => {
        const locked = await lockConversation(trx, conversation.id);
        const membership = await membershipOf(trx, conversation.id);
        // Left, or the conversation went, or a block came, while the audio was measured: the audio goes too.
        authorize(actorOf(userId), 'send', membership);
        await refuseAcrossBlock(trx, userId, conversation);
        await refuseIfPersonLeftEarshot(trx, conversation);
        const now = new Date().toISOString();
        await audio.insert(trx, prepared);
        // A direct conversation's other person hears from it again, even after taking it off their list: this
        // message is new to them (and counted unread with the insert).
        const returned = await insertMembers(
          trx,
          { id: conversation.id, type: conversation.type, last_activity_at: now },
          directPair(conversation),
          now,
          locked!.last_activity_at,
        );
        await insertMessage(trx, {
          id,
          conversation_id: conversation.id,
          user_id: userId,
          audio_id: prepared.row.id,
          transcription: fields.transcription ?? null,
          created_at: now,
        });
        await publishAll(trx, conversationEvents(conversation.id, returned));
        const hearers = [...new Set([...membership.memberIds, ...returned])];
        await push.announceMessage(
          trx,
          id,
          hearers.filter((memberId) => memberId !== userId),
        );
        await publishAll(
          trx,
          [...membership.memberIds, ...returned].map((memberId) => ({
            type: 'conversation-recording',
            userId: memberId,
            id,
            conversationId: conversation.id,
          })),
        );
      });
      // Deleted by its sender before this answer: what was sent is gone, as for anything not there.
      const row = await findMessageWithAudio(db, id);
      const [sent] = await present.recordings(row ? [row] : []);
      if (!sent) throw notFound('conversation-message');
      return sent;
    },

    async deleteRecording(userId, messageId, options = {}) {
      const message = await findMessageWithAudio(db, messageId);
      if (!message) throw notFound('conversation-message');
      const membership = await membershipOf(db, message.conversation_id);
      const actor: Actor = { kind: 'user', userId, moderator: options.moderator ?? false };
      authorize(actor, 'delete', conversationMessageResource(message, membership));
      const deleted = await db.transaction().execute(async (trx) => {
        if (!(await lockConversation(trx, message.conversation_id))) return false;
        if (!(await deleteMessage(trx, message))) return false;
        await deleteAudioAsset(trx, message.audio_id);
        const members = await memberIdsOf(trx, message.conversation_id);
        await publishAll(
          trx,
          members.map((memberId) => ({
            type: 'conversation-recording-deleted',
            userId: memberId,
            id: message.id,
            conversationId: message.conversation_id,
          })),
        );
        return true;
      });
      // Deleted meanwhile (by its sender elsewhere, or with the whole conversation): nothing is there any more.
      if (!deleted) throw notFound('conversation-message');
      await audio.deleteFiles({ id: message.audio_id });
    },

    visibleConversation: (userId, conversationId) => present.conversationOf(userId, conversationId),

    async visibleRecording(userId, messageId) {
      const message = await findMessageWithAudio(db, messageId);
      if (!message) return undefined;
      const membership = await membershipOf(db, message.conversation_id);
      // Live as in the list: nothing of someone on the other side of a block, nor hidden.
      const heard = await heardBy(db, actorOf(userId), [message], () => membership);
      return (await present.recordings(heard))[0];
    },

    async isMember(userId, conversationId) {
      return can(actorOf(userId), 'view', await membershipOf(db, conversationId));
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import { verifyPassword } from '../auth/passwords';
import type { Db } from '../db/database';
import { retryOnTransientConflict } from '../db/retry';
import {
  audioGoingWith,
  autosaveKeysOf,
  conversationsTouchedBy,
  deleteMessagesOf,
  deleteRowsOf,
  engagementsWithOthers,
  imageKeysOf,
  keptListenerSalts,
  forgetInModeration,
  lockUser,
  recountConversation,
} from '../db/queries/account-data';
import {
  deleteConversation,
  lockConversation,
  memberIdsOf,
  messageAudioOf,
  removeMember,
} from '../db/queries/conversations';
import { forgetRemoteActor, rememberDeletedActor } from '../db/queries/federation';
import { takeFromTrending } from '../db/queries/trending';
import { findUserById } from '../db/queries/users';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { EventBus } from '../events/event-bus';
import type { ActorFarewells } from '../federation/actor-deletion';
import type { JobQueue } from '../jobs/job-queue';
import type { BlobStore } from '../storage/blob-store';
import { assetPrefix } from './audio-library';
import { memberListenerKey } from './listen-service';
import { takeBackVoice } from './published-voices';
import { sharesPrefixOf } from './shared-audio';
import { shareCardsPrefixOf } from '../link-previews/share-card-store';
import { REMOVAL_RETRY_DELAY_MS, removeStoredObjects, type ObjectsToRemove } from './object-removal';

export const WRONG_PASSWORD_MESSAGE =
  'That is not your password, so your account was not deleted. Type the password you sign in with.';

export interface AccountDeletion {
  /** Checks the password, then removes every row and stored object of the person; their sessions end with it. */
  deleteAccount(userId: string, password: string): Promise<void>;
  /**
   * A person of another server whose server said their account is gone (Delete{Person}): every row and stored
   * object of theirs here goes, as with our own people's, and what we knew of their actor with it.
   */
  forgetRemotePerson(userId: string): Promise<void>;
}

export function createAccountDeletion(deps: {
  db: Db;
  blobs: BlobStore;
  jobs: JobQueue;
  events: EventBus;
  log: FastifyBaseLogger;
  /** Remote servers that followed the person hear the account is gone. */
  fediverse: ActorFarewells;
}): AccountDeletion {
  const { db, blobs, jobs, events, log, fediverse } = deps;

  /** Their likes, reposts and comments stop lifting others' posts in Discover. */
  async function untrend(trx: Db, userId: string): Promise<void> {
    const { likes, reposts, comments } = await engagementsWithOthers(trx, userId);
    const post = (row: { id: string; post_created_at: string }) => ({
      id: row.id,
      created_at: row.post_created_at,
    });
    for (const row of likes) await takeFromTrending(trx, post(row), 'like', row.created_at);
    for (const row of reposts) await takeFromTrending(trx, post(row), 'repost', row.created_at);
    for (const row of comments) await takeFromTrending(trx, post(row), 'comment', row.created_at);
  }

  /** Open conversations drop the messages, and lists show the new last message and counts, once this commits. */
  async function tellRemaining(trx: Db, conversationId: string, memberIds: string[], messageIds: string[]) {
    for (const memberId of memberIds) {
      for (const id of messageIds) {
        await events.publish(trx, {
          type: 'conversation-recording-deleted',
          userId: memberId,
          id,
          conversationId,
        });
      }
      await events.publish(trx, { type: 'conversation', userId: memberId, id: conversationId });
    }
  }

  /**
   * Their messages leave every conversation and they leave it; the others keep it with their own messages. A
   * conversation nobody is left in goes whole, with the audio of those who left it earlier.
   */
  async function leaveConversations(trx: Db, userId: string): Promise<string[]> {
    const orphanedAudio: string[] = [];
    for (const conversationId of await conversationsTouchedBy(trx, userId)) {
      if (!(await lockConversation(trx, conversationId))) continue;
      const deletedMessages = await deleteMessagesOf(trx, conversationId, userId);
      await removeMember(trx, conversationId, userId);
      const remaining = await memberIdsOf(trx, conversationId);
      if (remaining.length > 0) {
        await recountConversation(trx, conversationId);
        await tellRemaining(trx, conversationId, remaining, deletedMessages);
        continue;
      }
      orphanedAudio.push(...(await messageAudioOf(trx, conversationId)));
      await deleteConversation(trx, conversationId);
    }
    return orphanedAudio;
  }

  /** Every row and stored object of the person (ours, or someone of another server we knew). */
  async function removeAccount(userId: string): Promise<void> {
    // A like or message of theirs committing meanwhile can deadlock with the deletes on PostgreSQL: run it again.
    const objects = await retryOnTransientConflict(() =>
      db.transaction().execute(async (trx): Promise<ObjectsToRemove> => {
        const user = await lockUser(trx, userId);
        if (!user) throw new UnauthorizedError();
        await forgetInModeration(trx, userId);
        await untrend(trx, userId);
        await takeBackVoice(trx, jobs, userId);
        const orphanedAudio = await leaveConversations(trx, userId);
        const audioIds = [...new Set([...(await audioGoingWith(trx, userId)), ...orphanedAudio])];
        const removing: ObjectsToRemove = {
          prefixes: [...audioIds.map(assetPrefix), sharesPrefixOf(userId), shareCardsPrefixOf(userId)],
          keys: [...(await imageKeysOf(trx, userId)), ...(await autosaveKeysOf(trx, userId))],
        };
        const listenerKeys = (await keptListenerSalts(trx)).map((salt) => memberListenerKey(salt, userId));
        if (user.remote_actor_id === null) {
          // Before the rows go: the Delete is signed with the account's key and sent to its remote followers.
          await fediverse.announce(trx, userId);
          await deleteRowsOf(trx, user, audioIds, listenerKeys);
          await rememberDeletedActor(trx, userId, new Date().toISOString());
        } else {
          await deleteRowsOf(trx, user, audioIds, listenerKeys);
          // Their follows of our people, and ours of them, go with it.
          await forgetRemoteActor(trx, user.remote_actor_id);
        }
        await events.publish(trx, { type: 'sessions-ended', userId });
        // Committed with the rows: should this process stop before the removal below, the job still does it.
        await jobs.enqueue('storage.remove-objects', removing, {
          db: trx,
          runAfter: new Date(Date.now() + REMOVAL_RETRY_DELAY_MS),
        });
        return removing;
      }),
    );
    const left = await removeStoredObjects(blobs, objects);
    if (left.prefixes.length + left.keys.length > 0) {
      log.warn(
        { left },
        'some stored objects of a deleted account could not be removed; the queued job retries',
      );
    }
  }

  return {
    async deleteAccount(userId, password) {
      // Checked before the transaction: the hash takes a while, and nothing need be held meanwhile.
      const found = await findUserById(db, userId);
      if (!found) throw new UnauthorizedError();
      if (!(await verifyPassword(found.password_hash, password)))
        throw new ForbiddenError(WRONG_PASSWORD_MESSAGE);
      await removeAccount(userId);
    },

    async forgetRemotePerson(userId) {
      const found = await findUserById(db, userId);
      if (found?.remote_actor_id) await removeAccount(userId);
    },
  };
}

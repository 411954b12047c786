import { actorOf } from '../access/policy';
import type { Db } from '../db/database';
import {
  countReactions,
  countReposts,
  findReaction,
  hasReposted,
  setReaction,
  setRepost,
  type ReactionKind,
} from '../db/queries/reactions';
import type { NotificationService } from './notification-service';
import { findPostFor } from './post-access';

export interface ReactionStatus {
  active: boolean;
  count: number;
}

export interface ReactionService {
  /** Likes or dislikes the post, or takes that back; a like replaces a dislike and the other way round. */
  toggle(userId: string, postId: string, kind: ReactionKind): Promise<ReactionStatus>;
  status(viewerId: string | undefined, postId: string, kind: ReactionKind): Promise<ReactionStatus>;
  toggleRepost(userId: string, postId: string): Promise<ReactionStatus>;
  repostStatus(viewerId: string | undefined, postId: string): Promise<ReactionStatus>;
}

export function createReactionService(db: Db, notifications: NotificationService): ReactionService {
  async function status(viewerId: string | undefined, postId: string, kind: ReactionKind) {
    const [mine, count] = await Promise.all([
      viewerId ? findReaction(db, postId, viewerId) : undefined,
      countReactions(db, postId, kind),
    ]);
    return { active: mine === kind, count };
  }

  async function repostStatus(viewerId: string | undefined, postId: string) {
    const [mine, count] = await Promise.all([
      viewerId ? hasReposted(db, postId, viewerId) : false,
      countReposts(db, postId),
    ]);
    return { active: mine, count };
  }

  return {
    async toggle(userId, postId, kind) {
      const post = await findPostFor(db, actorOf(userId), 'react', postId);
      await db.transaction().execute(async (trx) => {
        const current = await findReaction(trx, post.id, userId);
        const next = current === kind ? null : kind;
        await setReaction(trx, post.id, userId, next);
        if (next === 'like') {
          await notifications.notify(trx, {
            recipientId: post.user_id,
            actorId: userId,
            type: 'like',
            postId: post.id,
            once: post.id,
          });
        }
      });
      return status(userId, post.id, kind);
    },

    async status(viewerId, postId, kind) {
      const post = await findPostFor(db, actorOf(viewerId), 'view', postId);
      return status(viewerId, post.id, kind);
    },

    async toggleRepost(userId, postId) {
      const post = await findPostFor(db, actorOf(userId), 'react', postId);
      await db.transaction().execute(async (trx) => {
        const reposted = !(await hasReposted(trx, post.id, userId));
        await setRepost(trx, post.id, userId, reposted);
        if (reposted) {
          await notifications.notify(trx, {
            recipientId: post.user_id,
            actorId: userId,
            type: 'repost',
            postId: post.id,
            once: post.id,
          });
        }
      });
      return repostStatus(userId, post.id);
    },

    async repostStatus(viewerId, postId) {
      const post = await findPostFor(db, actorOf(viewerId), 'view', postId);
      return repostStatus(viewerId, post.id);
    },
  };
}

import { actorOf } from '../access/policy';
import { findPostFor } from '../access/posts';
import type { Db } from '../db/database';
import type { PushService } from './push-delivery';
import { noteActivity } from '../db/queries/active-users';
import {
  countReactions,
  countReposts,
  findReaction,
  repostedAt,
  setReaction,
  setRepost,
  type ReactionKind,
} from '../db/queries/reactions';
import { addToTrending, holdTrendingScore, takeFromTrending } from '../db/queries/trending';
import type { TrendingEvent } from '../db/trending-score';
import type { PostRow } from '../db/schema';
import type { InteractionAnnouncements } from '../federation/interactions';
import type { NotificationService } from './notification-service';

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
  /**
   * A person of another server's Like (`true`) or its Undo, and their Announce (repost) or its Undo: kept once per
   * person, with the notifications a like or repost here brings; the post must be one they may react to.
   */
  likeFromAfar(userId: string, postId: string, liked: boolean): Promise<void>;
  repostFromAfar(userId: string, postId: string, reposted: boolean): Promise<void>;
}

type Next<T> = (current: T) => T;

export function createReactionService(
  db: Db,
  notifications: NotificationService,
  push: PushService,
  /** Likes and reposts of a remote person's post, told to their server (issue 28). */
  fediverse: InteractionAnnouncements,
): ReactionService {
  async function status(viewerId: string | undefined, postId: string, kind: ReactionKind) {
    const [mine, count] = await Promise.all([
      viewerId ? findReaction(db, postId, viewerId) : undefined,
      countReactions(db, postId, kind),
    ]);
    return { active: mine?.kind === kind, count };
  }

  async function repostStatus(viewerId: string | undefined, postId: string) {
    const [mine, count] = await Promise.all([
      viewerId ? repostedAt(db, postId, viewerId) : undefined,
      countReposts(db, postId),
    ]);
    return { active: mine !== undefined, count };
  }

  /**
   * Moves the post's trending score from one person's engagement as it was (since `before`, or none) to as it is
   * (since `after`, or none). The owner's own count for nothing.
   */
  async function retrend(
    trx: Db,
    post: PostRow,
    userId: string,
    event: TrendingEvent,
    before: string | undefined,
    after: string | undefined,
  ) {
    if (post.user_id === userId) return;
    if (before) await takeFromTrending(trx, post, event, before);
    if (after) await addToTrending(trx, post.id, event, after);
  }

  /** Sets the person's reaction to the post to what `next` makes of the current one. */
  async function react(userId: string, postId: string, next: Next<ReactionKind | null>): Promise<PostRow> {
    const post = await findPostFor(db, actorOf(userId), 'react', postId);
    await db.transaction().execute(async (trx) => {
      await holdTrendingScore(trx, post.id);
      const current = await findReaction(trx, post.id, userId);
      const kind = next(current?.kind ?? null);
      const now = new Date();
      await setReaction(trx, post.id, userId, kind, now.toISOString());
      await retrend(
        trx,
        post,
        userId,
        'like',
        current?.kind === 'like' ? current.created_at : undefined,
        kind === 'like' ? now.toISOString() : undefined,
      );
      await noteActivity(trx, userId, now);
      if ((current?.kind === 'like') !== (kind === 'like')) {
        await fediverse.announce(trx, { userId, kind: 'like', targetId: post.id });
      }
      if (kind === 'like' && current?.kind !== 'like') {
        const news = await notifications.notify(trx, {
          recipientId: post.user_id,
          actorId: userId,
          type: 'like',
          postId: post.id,
          once: post.id,
        });
        if (news) await push.announceLike(trx, post.id);
      }
    });
    return post;
  }

  /** Reposts the post, or takes it back, as `next` makes of whether it is reposted now. */
  async function repost(userId: string, postId: string, next: Next<boolean>): Promise<PostRow> {
    const post = await findPostFor(db, actorOf(userId), 'react', postId);
    await db.transaction().execute(async (trx) => {
      await holdTrendingScore(trx, post.id);
      const since = await repostedAt(trx, post.id, userId);
      if (next(since !== undefined) === (since !== undefined)) return;
      const now = new Date();
      const reposted = since ? null : now.toISOString();
      await setRepost(trx, post.id, userId, reposted);
      await retrend(trx, post, userId, 'repost', since, reposted ?? undefined);
      await noteActivity(trx, userId, now);
      await fediverse.announce(trx, { userId, kind: 'repost', targetId: post.id });
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
    return post;
  }

  return {
    async toggle(userId, postId, kind) {
      const post = await react(userId, postId, (current) => (current === kind ? null : kind));
      return status(userId, post.id, kind);
    },

    async status(viewerId, postId, kind) {
      const post = await findPostFor(db, actorOf(viewerId), 'view', postId);
      return status(viewerId, post.id, kind);
    },

    async toggleRepost(userId, postId) {
      const post = await repost(userId, postId, (reposted) => !reposted);
      return repostStatus(userId, post.id);
    },

    async repostStatus(viewerId, postId) {
      const post = await findPostFor(db, actorOf(viewerId), 'view', postId);
      return repostStatus(viewerId, post.id);
    },

    async likeFromAfar(userId, postId, liked) {
      await react(userId, postId, (current) => (liked ? 'like' : current === 'like' ? null : current));
    },

    async repostFromAfar(userId, postId, reposted) {
      await repost(userId, postId, () => reposted);
    },
  };
}

import {
  PUSH_DEVICES_MAX,
  type PushKind,
  type PushPayload,
  type PushPreferences,
} from '@shared/contract/push';
import { displayName } from '@shared/domain/display-name';
import webpush from 'web-push';
import {
  mayNotifyOf,
  mayNotifyOfComment,
  mayNotifyOfMessage,
  mayNotifyOfPost,
  mayNotifyOfPublishRequest,
} from '../access/notify';
import type { Db } from '../db/database';
import type { Cursor } from '../db/pagination';
import { findCommentWithAudio } from '../db/queries/comments';
import { findConversation, findMessageWithAudio } from '../db/queries/conversations';
import { isFollowing } from '../db/queries/follows';
import { findPost } from '../db/queries/posts';
import { findPublishRequest } from '../db/queries/publish-requests';
import type { ConversationRow } from '../db/schema';
import {
  deleteSubscription,
  findSubscription,
  followersWantingNewPosts,
  likeRoundOf,
  likesSince,
  markDelivered,
  startLikeRound,
  subscriptionIdsOf,
} from '../db/queries/push';
import type { JobOutcome } from '../jobs/catalogue';
import type { JobQueue } from '../jobs/job-queue';
import { preferencesOf } from './push-devices';
import type { PushEndpoints } from './push-endpoints';
import type { UserService } from './user-service';
import type { VapidKeys } from './vapid-keys';

/** One push to one person, named by ids: what it says is read when it is sent, so nothing stale or hidden goes. */
export type PushEvent =
  | { kind: 'message'; recipientId: string; messageId: string }
  | { kind: 'publishRequest'; recipientId: string; requestId: string }
  | { kind: 'reply'; recipientId: string; commentId: string }
  | { kind: 'follower'; recipientId: string; followerId: string }
  | { kind: 'newPost'; recipientId: string; postId: string };

export type PushUrgency = 'normal' | 'high';

export interface PushDelivery {
  payload: PushPayload;
  subscriptionId: string;
  urgency: PushUrgency;
}

/** The jobs of Web Push, and how each starts (inside the transaction of what it is about). */
export interface PushService {
  /** Tells each of `recipientIds` of a voice message. */
  announceMessage(db: Db, messageId: string, recipientIds: readonly string[]): Promise<void>;
  /** Tells each of `recipientIds` that they are asked to agree to a post of their conversation. */
  announcePublishRequest(db: Db, requestId: string, recipientIds: readonly string[]): Promise<void>;
  announceReply(db: Db, recipientId: string, commentId: string): Promise<void>;
  announceFollower(db: Db, recipientId: string, followerId: string): Promise<void>;
  /** A like on the post: its owner hears of the likes at most once an hour, with how many there were. */
  announceLike(db: Db, postId: string): Promise<void>;
  /** A post published: followers who chose to hear of new posts do. */
  announcePost(db: Db, postId: string): Promise<void>;
  /** Job handlers. */
  prepare(event: PushEvent): Promise<JobOutcome>;
  pushLikes(postId: string): Promise<JobOutcome>;
  fanOutPost(postId: string, after: Cursor | undefined): Promise<JobOutcome>;
  deliver(delivery: PushDelivery): Promise<JobOutcome>;
}

const PREFERENCE_OF: Record<PushKind, keyof PushPreferences> = {
  message: 'messages',
  // Addressed to the person in a conversation of theirs, as a message is.
  publishRequest: 'messages',
  reply: 'replies',
  follower: 'followers',
  like: 'likes',
  newPost: 'newPosts',
};

const LIKE_ROUND_MS = 60 * 60_000;
/** A push still undelivered after a day is stale: the push service drops it. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 15_000;
/** Followers told of a new post per job; the next page is a job of its own. */
const FAN_OUT_PAGE = 500;
/** Deliveries are retried with the queue's backoff (5 s, 25 s, ~2 min), then given up. */
const DELIVERY_ATTEMPTS = 4;

/** A push service saying the subscription is gone for good (RFC 8030 §7.3): the browser unsubscribed or expired. */
const isGone = (error: unknown) =>
  error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410);

/** Where in a group it happened, or what a click does in a direct conversation. */
const conversationLine = (conversation: ConversationRow, direct: string) =>
  conversation.type === 'group' ? `In ${conversation.name ?? 'your group'}` : direct;

const likesBody = (name: string, count: number) =>
  count === 1
    ? `${name} liked your post`
    : `${name} and ${count - 1} ${count === 2 ? 'other' : 'others'} liked your post`;

export function createPushService(deps: {
  db: Db;
  jobs: JobQueue;
  users: UserService;
  keys: VapidKeys;
  subject: string;
  endpoints: PushEndpoints;
}): PushService {
  const { db, jobs, users, keys, subject, endpoints } = deps;
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };

  const enqueue = (database: Db, event: PushEvent) => jobs.enqueue('push.notify', event, { db: database });

  async function nameOf(userId: string): Promise<string> {
    return displayName((await users.publicUsersByIds([userId])).get(userId));
  }

  /** What the push says, or undefined when nothing may be pushed about it (any more). */
  async function compose(event: PushEvent): Promise<PushPayload | undefined> {
    switch (event.kind) {
      case 'message': {
        const message = await findMessageWithAudio(db, event.messageId);
        if (!message || !(await mayNotifyOfMessage(db, event.recipientId, message))) return undefined;
        const conversation = await findConversation(db, message.conversation_id);
        if (!conversation) return undefined;
        return {
          kind: 'message',
          title: `${await nameOf(message.user_id)} sent you a voice message`,
          body: conversationLine(conversation, 'Tap to listen.'),
          url: `/conversations/${conversation.id}`,
          tag: `message:${conversation.id}`,
        };
      }
      case 'publishRequest': {
        const request = await findPublishRequest(db, event.requestId);
        if (!request || !(await mayNotifyOfPublishRequest(db, event.recipientId, request))) return undefined;
        const conversation = await findConversation(db, request.conversation_id);
        if (!conversation) return undefined;
        return {
          kind: 'publishRequest',
          title: `${await nameOf(request.requester_id)} asks to post this conversation`,
          body: conversationLine(conversation, 'Tap to answer.'),
          url: `/conversations/${conversation.id}`,
          tag: `publishRequest:${request.id}`,
        };
      }
      case 'reply': {
        const comment = await findCommentWithAudio(db, event.commentId);
        const post = comment && (await findPost(db, comment.post_id));
        const authorId = comment?.user_id;
        if (!comment || !post || !authorId) return undefined;
        if (!(await mayNotifyOfComment(db, event.recipientId, { ...comment, user_id: authorId }, post)))
          return undefined;
        return {
          kind: 'reply',
          title: `${await nameOf(authorId)} replied to your post`,
          body: post.title,
          url: `/posts/${post.id}`,
          tag: `reply:${post.id}`,
        };
      }
      case 'follower': {
        if (!(await isFollowing(db, event.followerId, event.recipientId))) return undefined;
        if (!(await mayNotifyOf(db, event.recipientId, event.followerId))) return undefined;
        return {
          kind: 'follower',
          title: `${await nameOf(event.followerId)} started following you`,
          body: 'See their profile and posts.',
          url: `/profile/${event.followerId}`,
          tag: `follower:${event.followerId}`,
        };
      }
      case 'newPost': {
        const post = await findPost(db, event.postId);
        if (!post || !(await mayNotifyOfPost(db, event.recipientId, post.user_id, post))) return undefined;
        return {
          kind: 'newPost',
          title: `New from ${await nameOf(post.user_id)}`,
          body: post.title,
          url: `/posts/${post.id}`,
          tag: `newPost:${post.id}`,
        };
      }
    }
  }

  /** One delivery job a device of the person's, if they chose this kind of push. */
  async function sendToDevices(recipientId: string, payload: PushPayload): Promise<JobOutcome> {
    const preferences = await preferencesOf(db, recipientId);
    if (!preferences[PREFERENCE_OF[payload.kind]]) return 'skipped';
    const subscriptionIds = await subscriptionIdsOf(db, recipientId, PUSH_DEVICES_MAX);
    const urgency: PushUrgency = payload.kind === 'message' ? 'high' : 'normal';
    for (const subscriptionId of subscriptionIds) {
      await jobs.enqueue(
        'push.deliver',
        { subscriptionId, payload, urgency },
        { maxAttempts: DELIVERY_ATTEMPTS },
      );
    }
    return subscriptionIds.length > 0 ? 'done' : 'skipped';
  }

  async function announceLike(database: Db, postId: string): Promise<void> {
    const lastRound = await likeRoundOf(database, postId);
    const nextRound = lastRound && new Date(Date.parse(lastRound) + LIKE_ROUND_MS);
    await jobs.enqueue(
      'push.likes',
      { postId },
      {
        db: database,
        uniqueKey: `push.likes:${postId}`,
        ...(nextRound && nextRound > new Date() && { runAfter: nextRound }),
      },
    );
  }

  return {
    async announceMessage(database, messageId, recipientIds) {
      for (const recipientId of recipientIds)
        await enqueue(database, { kind: 'message', recipientId, messageId });
    },
    async announcePublishRequest(database, requestId, recipientIds) {
      for (const recipientId of recipientIds)
        await enqueue(database, { kind: 'publishRequest', recipientId, requestId });
    },
    announceReply: (database, recipientId, commentId) =>
      enqueue(database, { kind: 'reply', recipientId, commentId }),
    announceFollower: (database, recipientId, followerId) =>
      enqueue(database, { kind: 'follower', recipientId, followerId }),

    announceLike,

    announcePost: (database, postId) => jobs.enqueue('push.new-post', { postId }, { db: database }),

    async prepare(event) {
      const payload = await compose(event);
      return payload ? sendToDevices(event.recipientId, payload) : 'skipped';
    },

    async pushLikes(postId) {
      const post = await findPost(db, postId);
      if (!post) return 'skipped';
      const lastRound = await likeRoundOf(db, postId);
      const now = new Date();
      const roundDue = lastRound === undefined || Date.parse(lastRound) + LIKE_ROUND_MS <= now.getTime();
      if (!roundDue) {
        await announceLike(db, postId);
        return 'skipped';
      }
      const since = lastRound ?? new Date(now.getTime() - LIKE_ROUND_MS).toISOString();
      const likes = await likesSince(db, post, since);
      if (!likes.latestLikerId) return 'skipped';
      if (!(await mayNotifyOfPost(db, post.user_id, likes.latestLikerId, post))) return 'skipped';
      // Another instance may be running this round too: the one that records it sends it.
      if (!(await startLikeRound(db, postId, lastRound, now.toISOString()))) return 'skipped';
      return sendToDevices(post.user_id, {
        kind: 'like',
        title: post.title,
        body: likesBody(await nameOf(likes.latestLikerId), likes.count),
        url: `/posts/${post.id}`,
        tag: `like:${post.id}`,
      });
    },

    async fanOutPost(postId, after) {
      const post = await findPost(db, postId);
      if (!post) return 'skipped';
      const page = await followersWantingNewPosts(db, post.user_id, after, FAN_OUT_PAGE);
      for (const recipientId of page.ids) await enqueue(db, { kind: 'newPost', recipientId, postId });
      if (page.next) await jobs.enqueue('push.new-post', { postId, after: page.next });
      return page.ids.length > 0 ? 'done' : 'skipped';
    },

    async deliver({ subscriptionId, payload, urgency }) {
      const subscription = await findSubscription(db, subscriptionId);
      if (!subscription) return 'skipped';
      const refusal = await endpoints.refusal(subscription.endpoint);
      if (refusal) throw new Error(refusal);
      try {
        await webpush.sendNotification(
          {
            endpoint: subscription.endpoint,
            keys: { p256dh: subscription.p256dh, auth: subscription.auth },
          },
          JSON.stringify(payload),
          {
            vapidDetails,
            TTL: TIME_TO_LIVE_SECONDS,
            urgency,
            agent: endpoints.agentFor(subscription.endpoint),
            timeout: SEND_TIMEOUT_MS,
          },
        );
      } catch (error) {
        if (isGone(error)) {
          await deleteSubscription(db, subscription.id);
          return 'done';
        }
        // The push service's answer, never the request: its Authorization header carries our signature.
        if (error instanceof webpush.WebPushError)
          throw new Error(`The push service answered ${error.statusCode}.`);
        throw error;
      }
      await markDelivered(db, subscription.id, new Date().toISOString());
      return 'done';
    },
  };
}

import type { Notification } from '@shared/contract/social';
import { displayName } from '@shared/domain/display-name';
import type { Db } from '../db/database';
import type { Page } from '../db/pagination';
import {
  findNotification,
  insertNotificationOnce,
  listNotifications,
  listNotificationsAfter,
  markNotificationsRead,
  newestNotificationId,
} from '../db/queries/notifications';
import type { NotificationRow, NotificationsTable } from '../db/schema';
import type { EventBus } from '../events/event-bus';
import type { UserService } from './user-service';
import { newId } from '../ids';

type NotificationType = NotificationsTable['type'];

export interface NotificationService {
  /**
   * Tells `recipientId` that `actorId` did something, inside the caller's transaction, and publishes it to their
   * open pages once that commits. Never for one's own actions; `once` names the event so a repeated toggle does
   * not notify twice. True when this is news (not told before): what else tells of it (a push) goes only then.
   */
  notify(
    db: Db,
    event: {
      recipientId: string;
      actorId: string;
      type: NotificationType;
      postId: string | null;
      conversationId?: string;
      once: string;
    },
  ): Promise<boolean>;
  list(userId: string, page: { limit: number; cursor?: string | undefined }): Promise<Page<Notification>>;
  /** One of the user's notifications, or undefined when it is not theirs (or its actor is gone). */
  find(userId: string, id: string): Promise<Notification | undefined>;
  /** The user's notifications after `afterId` (all without it), oldest first, at most `limit`. */
  listAfter(userId: string, afterId: string | null, limit: number): Promise<Notification[]>;
  newestId(userId: string): Promise<string | null>;
  markRead(userId: string, ids?: string[]): Promise<number>;
}

const MESSAGES: Record<NotificationType, string> = {
  like: 'liked your post',
  comment: 'commented on your post',
  repost: 'reposted your post',
  follow: 'started following you',
  'publish-request': 'asks to post your conversation as a pod',
};

export function createNotificationService(db: Db, users: UserService, events: EventBus): NotificationService {
  async function present(rows: NotificationRow[]): Promise<Notification[]> {
    const actors = await users.publicUsersByIds(rows.map((row) => row.actor_id));
    return rows.flatMap((row) => {
      const actor = actors.get(row.actor_id);
      if (!actor) return [];
      return [
        {
          id: row.id,
          type: row.type,
          message: `${displayName(actor)} ${MESSAGES[row.type]}`,
          read: row.read_at !== null,
          postId: row.post_id,
          conversationId: row.conversation_id,
          createdAt: row.created_at,
          user: actor,
        },
      ];
    });
  }

  return {
    async notify(database, event) {
      if (event.recipientId === event.actorId) return false;
      const id = newId();
      const inserted = await insertNotificationOnce(database, {
        id,
        user_id: event.recipientId,
        actor_id: event.actorId,
        type: event.type,
        post_id: event.postId,
        conversation_id: event.conversationId ?? null,
        dedupe_key: `${event.type}:${event.actorId}:${event.once}`,
        read_at: null,
        created_at: new Date().toISOString(),
      });
      if (inserted) await events.publish(database, { type: 'notification', userId: event.recipientId, id });
      return inserted;
    },

    async list(userId, page) {
      const rows = await listNotifications(db, userId, page);
      return { items: await present(rows.items), nextCursor: rows.nextCursor };
    },

    async find(userId, id) {
      const row = await findNotification(db, userId, id);
      return row && (await present([row]))[0];
    },

    async listAfter(userId, afterId, limit) {
      return present(await listNotificationsAfter(db, userId, afterId, limit));
    },

    newestId: (userId) => newestNotificationId(db, userId),

    markRead(userId, ids) {
      return markNotificationsRead(db, userId, ids, new Date().toISOString());
    },
  };
}

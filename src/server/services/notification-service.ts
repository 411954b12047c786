import type { Notification } from '@shared/contract/social';
import { displayName } from '@shared/domain/display-name';
import type { Db } from '../db/database';
import type { Page } from '../db/pagination';
import {
  insertNotificationOnce,
  listNotifications,
  markNotificationsRead,
} from '../db/queries/notifications';
import type { NotificationsTable } from '../db/schema';
import type { UserService } from './user-service';
import { newId } from '../ids';

type NotificationType = NotificationsTable['type'];

export interface NotificationService {
  /**
   * Tells `recipientId` that `actorId` did something, inside the caller's transaction. Never for one's own
   * actions; `once` names the event so a repeated toggle does not notify twice.
   */
  notify(
    db: Db,
    event: {
      recipientId: string;
      actorId: string;
      type: NotificationType;
      postId: string | null;
      once: string;
    },
  ): Promise<void>;
  list(userId: string, page: { limit: number; cursor?: string | undefined }): Promise<Page<Notification>>;
  markRead(userId: string, ids?: string[]): Promise<number>;
}

const MESSAGES: Record<NotificationType, string> = {
  like: 'liked your post',
  comment: 'commented on your post',
  repost: 'reposted your post',
  follow: 'started following you',
};

export function createNotificationService(db: Db, users: UserService): NotificationService {
  return {
    async notify(database, event) {
      if (event.recipientId === event.actorId) return;
      await insertNotificationOnce(database, {
        id: newId(),
        user_id: event.recipientId,
        actor_id: event.actorId,
        type: event.type,
        post_id: event.postId,
        dedupe_key: `${event.type}:${event.actorId}:${event.once}`,
        read_at: null,
        created_at: new Date().toISOString(),
      });
    },

    async list(userId, page) {
      const rows = await listNotifications(db, userId, page);
      const actors = await users.publicUsersByIds(rows.items.map((row) => row.actor_id));
      return {
        items: rows.items.flatMap((row) => {
          const actor = actors.get(row.actor_id);
          if (!actor) return [];
          return [
            {
              id: row.id,
              type: row.type,
              message: `${displayName(actor)} ${MESSAGES[row.type]}`,
              read: row.read_at !== null,
              postId: row.post_id,
              createdAt: row.created_at,
              user: actor,
            },
          ];
        }),
        nextCursor: rows.nextCursor,
      };
    },

    markRead(userId, ids) {
      return markNotificationsRead(db, userId, ids, new Date().toISOString());
    },
  };
}

import type { PublicUser } from '@shared/contract/users';
import type { Db } from '../db/database';
import type { PageRequest } from '../db/pagination';
import { listActiveUsers } from '../db/queries/active-users';
import { listTrending } from '../db/queries/trending';
import { postsJson, type SerializedPage } from './post-presenter';
import { toPublicUser } from './user-presenter';

export interface DiscoverService {
  /**
   * Public posts of real people, trending first (db/trending-score.ts); the same for everyone but the people a
   * signed-in viewer blocks or mutes, or who block them.
   */
  trending(viewerId: string | undefined, page: PageRequest): Promise<SerializedPage>;
  /** Real people, most recently active first, never the viewer (a visitor when undefined). */
  activeUsers(viewerId: string, limit: number): Promise<PublicUser[]>;
}

export function createDiscoverService(db: Db): DiscoverService {
  return {
    async trending(viewerId, page) {
      const rows = await listTrending(db, page, viewerId);
      return { json: postsJson(rows.items), nextCursor: rows.nextCursor };
    },

    async activeUsers(viewerId, limit) {
      return (await listActiveUsers(db, viewerId, limit)).map(toPublicUser);
    },
  };
}

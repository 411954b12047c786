import type { PublicUser } from '@shared/contract/users';
import type { Db } from '../db/database';
import type { Page } from '../db/pagination';
import { noteActivity } from '../db/queries/active-users';
import { countFollows, isFollowing, listFollowPeople, setFollowing } from '../db/queries/follows';
import { lockPair } from '../db/queries/safety';
import { findUserById } from '../db/queries/users';
import { BadRequestError, NotFoundError } from '../errors';
import { refuseIfBlocked } from './block-guard';
import type { NotificationService } from './notification-service';
import type { UserService } from './user-service';

export interface FollowService {
  toggle(followerId: string, followingId: string): Promise<{ followed: boolean }>;
  isFollowing(viewerId: string, userId: string): Promise<boolean>;
  count(userId: string, side: 'followers' | 'following'): Promise<number>;
  /** Never anyone the viewer blocks or who blocks them. */
  list(
    viewerId: string,
    userId: string,
    side: 'followers' | 'following',
    page: { limit: number; cursor?: string | undefined },
  ): Promise<Page<PublicUser>>;
}

export function createFollowService(
  db: Db,
  users: UserService,
  notifications: NotificationService,
): FollowService {
  async function requireUser(userId: string) {
    if (!(await findUserById(db, userId))) throw new NotFoundError('No user has this id.');
  }

  return {
    async toggle(followerId, followingId) {
      if (followerId === followingId) throw new BadRequestError('You cannot follow yourself.');
      await requireUser(followingId);
      return db.transaction().execute(async (trx) => {
        // Takes turns with a block between the two (which holds the same rows): no follow outlives a block.
        if (!(await lockPair(trx, followerId, followingId))) throw new NotFoundError('No user has this id.');
        const followed = !(await isFollowing(trx, followerId, followingId));
        if (followed) await refuseIfBlocked(trx, followerId, [followingId]);
        await setFollowing(trx, followerId, followingId, followed);
        await noteActivity(trx, followerId);
        if (followed) {
          await notifications.notify(trx, {
            recipientId: followingId,
            actorId: followerId,
            type: 'follow',
            postId: null,
            once: followingId,
          });
        }
        return { followed };
      });
    },

    isFollowing: (viewerId, userId) => isFollowing(db, viewerId, userId),

    async count(userId, side) {
      await requireUser(userId);
      return countFollows(db, userId, side);
    },

    async list(viewerId, userId, side, page) {
      // The rows are the people themselves (joined in); and follows go with their people, so a page with anyone
      // on it shows the person exists: only an empty one needs asking.
      const rows = await listFollowPeople(db, userId, side, page, viewerId);
      if (rows.items.length === 0) await requireUser(userId);
      return { items: rows.items.map(users.publicUser), nextCursor: rows.nextCursor };
    },
  };
}

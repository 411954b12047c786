import type { PublicUser } from '@shared/contract/users';
import { notFound } from '../access/guard';
import { requirePerson } from '../access/people';
import { actorOf } from '../access/policy';
import type { Db } from '../db/database';
import type { PushService } from './push-delivery';
import type { Page } from '../db/pagination';
import { noteActivity } from '../db/queries/active-users';
import { countFollows, isFollowing, listFollowPeople, setFollowing } from '../db/queries/follows';
import { findRemotePersonByUserId } from '../db/queries/remote-people';
import { lockPair } from '../db/queries/safety';
import type { RemoteFollowing } from '../federation/remote-follows';
import { BadRequestError } from '../errors';
import type { NotificationService } from './notification-service';
import type { UserService } from './user-service';

export interface FollowService {
  /** A person of another server is followed once their server accepts: `requested` until then. */
  toggle(followerId: string, followingId: string): Promise<{ followed: boolean; requested?: boolean }>;
  status(viewerId: string, userId: string): Promise<{ following: boolean; requested?: boolean }>;
  /** As many as `list` shows the viewer (a visitor: everyone not suspended). */
  count(viewerId: string | undefined, userId: string, side: 'followers' | 'following'): Promise<number>;
  /** Never anyone the viewer blocks or who blocks them. */
  list(
    viewerId: string,
    userId: string,
    side: 'followers' | 'following',
    page: { limit: number; cursor?: string | undefined },
  ): Promise<Page<PublicUser>>;
}

/**
 * What a new follower of someone sets off, whether they followed here or from another server: a notification, and a
 * push when that is news. Inside the transaction that makes the follow, where there is one.
 */
export type FollowerNews = (db: Db, followerId: string, followingId: string) => Promise<void>;

export function createFollowerNews(notifications: NotificationService, push: PushService): FollowerNews {
  return async (db, followerId, followingId) => {
    const news = await notifications.notify(db, {
      recipientId: followingId,
      actorId: followerId,
      type: 'follow',
      postId: null,
      once: followingId,
    });
    if (news) await push.announceFollower(db, followingId, followerId);
  };
}

export function createFollowService(
  db: Db,
  users: UserService,
  notifications: NotificationService,
  push: PushService,
  /** Follows of people of other servers (issue 28), while this instance federates. */
  remoteFollowing?: RemoteFollowing,
): FollowService {
  const tellOfFollower = createFollowerNews(notifications, push);
  const remotePerson = async (userId: string) =>
    remoteFollowing && (await findRemotePersonByUserId(db, userId));

  return {
    async toggle(followerId, followingId) {
      if (followerId === followingId) throw new BadRequestError('You cannot follow yourself.');
      const follower = actorOf(followerId);
      // Nobody suspended: as their profile, they are not there (unfollowing them too).
      await requirePerson(db, follower, followingId);
      const remote = await remotePerson(followingId);
      if (remote) {
        await requirePerson(db, follower, followingId, 'follow');
        return remoteFollowing!.toggle(followerId, remote);
      }
      return db.transaction().execute(async (trx) => {
        // Takes turns with a block between the two (which holds the same rows): no follow outlives a block.
        if (!(await lockPair(trx, followerId, followingId))) throw notFound('person');
        const followed = !(await isFollowing(trx, followerId, followingId));
        if (followed) await requirePerson(trx, follower, followingId, 'follow');
        await setFollowing(trx, followerId, followingId, followed);
        await noteActivity(trx, followerId);
        if (followed) await tellOfFollower(trx, followerId, followingId);
        return { followed };
      });
    },

    async status(viewerId, userId) {
      const following = await isFollowing(db, viewerId, userId);
      const remote = !following && (await remotePerson(userId));
      return remote
        ? { following, requested: await remoteFollowing!.isRequested(viewerId, remote) }
        : { following };
    },

    async count(viewerId, userId, side) {
      await requirePerson(db, actorOf(viewerId), userId);
      return countFollows(db, userId, side, viewerId);
    },

    async list(viewerId, userId, side, page) {
      await requirePerson(db, actorOf(viewerId), userId);
      const rows = await listFollowPeople(db, userId, side, page, viewerId);
      return { items: rows.items.map(users.publicUser), nextCursor: rows.nextCursor };
    },
  };
}

import type { ListenDay, UserStats } from '@shared/contract/stats';
import { requirePerson } from '../access/people';
import { can, type Actor } from '../access/policy';
import type { Db } from '../db/database';
import { countFollows } from '../db/queries/follows';
import {
  listensByDay,
  listenTotals,
  mostListenedPosts,
  postCategories,
  postTotals,
  type StatsScope,
} from '../db/queries/stats';
import { utcDay } from './listen-service';

/** Spec §9 Content Consistency divisor. */
const CONSISTENCY_DIVISOR = 12;
const CHART_DAYS = 30;
const MAX_CATEGORIES = 100;
const MOST_LISTENED_POSTS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StatsService {
  /**
   * Spec §2 Stats page figures for `userId`, as `viewer` may see them: 404, like their profile and posts, when
   * either blocks the other or they are suspended (unless `viewer` is a moderator).
   */
  forUser(viewer: Actor, userId: string): Promise<UserStats>;
}

/** The last `CHART_DAYS` UTC days up to `now`, oldest first, each with what was counted that day or zeros. */
function chartDays(
  now: Date,
  counted: Array<{ day: string; listens: number; seconds: number }>,
): ListenDay[] {
  const byDay = new Map(counted.map((row) => [row.day, row]));
  return Array.from({ length: CHART_DAYS }, (_, index) => {
    const day = utcDay(new Date(now.getTime() - (CHART_DAYS - 1 - index) * DAY_MS));
    const row = byDay.get(day);
    return { day, listens: row?.listens ?? 0, listeningSeconds: row?.seconds ?? 0 };
  });
}

export function createStatsService(db: Db): StatsService {
  return {
    async forUser(viewer, userId) {
      const now = new Date();
      await requirePerson(db, viewer, userId, 'view-activity');
      const viewerId = viewer.kind === 'user' ? viewer.userId : undefined;
      // Private and hidden posts count for whoever may see them: the same rule as their profile's list.
      const scope: StatsScope = {
        userId,
        includePrivate: can(viewer, 'view', { kind: 'draft', ownerId: userId }),
      };
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
      const [posts, categories, followers, following, listens, mostListened, days] = await Promise.all([
        postTotals(db, scope, monthStart),
        postCategories(db, scope, MAX_CATEGORIES),
        // As their lists show them to the viewer, so the figures and the lists agree.
        countFollows(db, userId, 'followers', viewerId),
        countFollows(db, userId, 'following', viewerId),
        listenTotals(db, scope),
        mostListenedPosts(db, scope, MOST_LISTENED_POSTS),
        listensByDay(db, scope, utcDay(new Date(now.getTime() - (CHART_DAYS - 1) * DAY_MS))),
      ]);
      return {
        userId,
        totalEpisodes: posts.count,
        followers,
        following,
        totalDuration: posts.seconds,
        averageDuration: posts.count > 0 ? posts.seconds / posts.count : 0,
        thisMonth: posts.thisMonth,
        categories,
        engagementRate: followers > 0 ? Math.round((posts.count / followers) * 1000) / 10 : 0,
        contentConsistency: Math.round(posts.count / CONSISTENCY_DIVISOR),
        listens: listens.listens,
        listeningSeconds: listens.seconds,
        mostListened,
        listensByDay: chartDays(now, days),
      };
    },
  };
}

import { z } from 'zod';

/** One UTC day of listens, for the stats chart. */
export const listenDaySchema = z.object({
  /** YYYY-MM-DD. */
  day: z.string(),
  listens: z.number().int(),
  listeningSeconds: z.number(),
});
export type ListenDay = z.infer<typeof listenDaySchema>;

/**
 * Spec §2 Stats page, computed by the server, plus listens (beyond the spec). Only public posts count, except in
 * a person's own stats, which count their private posts too; drafts never count.
 */
export const userStatsSchema = z.object({
  userId: z.string(),
  totalEpisodes: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
  /** Seconds. */
  totalDuration: z.number(),
  /** Seconds; 0 with no posts. */
  averageDuration: z.number(),
  /** Posts created in the current calendar month (UTC). */
  thisMonth: z.number().int(),
  /** Most used first. */
  categories: z.array(z.object({ category: z.string(), count: z.number().int() })),
  /** Posts per follower as a percent, to one decimal; 0 with no followers. */
  engagementRate: z.number(),
  /** Posts divided by 12, rounded. */
  contentConsistency: z.number().int(),
  /** Listens by others: one per listener per post per UTC day. */
  listens: z.number().int(),
  /** Seconds others spent listening. */
  listeningSeconds: z.number(),
  /** The posts others listened to most, most listens first (at most 5). */
  mostListened: z.array(
    z.object({
      postId: z.string(),
      title: z.string(),
      listens: z.number().int(),
      listeningSeconds: z.number(),
    }),
  ),
  /** The last 30 UTC days, oldest first and today last; a day without listens is there with zeros. */
  listensByDay: z.array(listenDaySchema),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/**
 * Discover's trending score. Each engagement with a post weighs its weight times e^(-(now - t)/τ): its weight
 * halves every τ·ln 2 (about a day), so what counts is what happened in the last few days. Ordering by that sum is
 * ordering by Σ weight·e^((t - epoch)/τ), the same sum times e^((now - epoch)/τ), a factor common to every post:
 * a post's score changes only when something happens to it, never with the clock, and no sweep ever rewrites
 * them. The sum grows as e^(days since epoch/τ) and would overflow a double within years, so the column holds its
 * logarithm, and each event adds its point ln(weight) + (t - epoch)/τ with log-sum-exp (queries/trending.ts).
 *
 * A post starts at its publish point, so a new post with nothing yet ranks as one listen at the moment it was
 * published, and posts nobody engaged with fall back to newest first. Taking back a like or repost, or deleting a
 * comment, takes its own point back out (liking and unliking again and again must not lift a post); the owner's
 * own likes, reposts and comments count for nothing, as their own plays do not count as listens.
 */
export const TRENDING_WEIGHTS = { publish: 1, listen: 1, like: 2, repost: 3, comment: 4 } as const;
export type TrendingEvent = keyof typeof TRENDING_WEIGHTS;
/** τ: an engagement's weight falls to 1/e after this many days. */
export const TRENDING_DECAY_DAYS = 1.5;
export const TRENDING_EPOCH = '2026-01-01T00:00:00.000Z';
const EPOCH_MS = Date.parse(TRENDING_EPOCH);
const DAY_MS = 24 * 60 * 60 * 1000;

/** An event's point: ln(weight) + (t - epoch)/τ, t in days. */
export function trendingPoint(event: TrendingEvent, at: string | Date): number {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return Math.log(TRENDING_WEIGHTS[event]) + (ms - EPOCH_MS) / DAY_MS / TRENDING_DECAY_DAYS;
}

import { z } from 'zod';

/** Spec §9: Discover shows up to 5 active users and the first 10 trending posts. */
export const DISCOVER_ACTIVE_USERS = 5;
export const DISCOVER_TRENDING_POSTS = 10;
export const ACTIVE_USERS_MAX_LIMIT = 20;

/** Active Users is a short list, not a paged one: the most recently active real people, at most 20. */
export const activeUsersQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${ACTIVE_USERS_MAX_LIMIT}` })
    .int({ error: `limit must be a whole number from 1 to ${ACTIVE_USERS_MAX_LIMIT}` })
    .min(1, { error: `limit must be a whole number from 1 to ${ACTIVE_USERS_MAX_LIMIT}` })
    .max(ACTIVE_USERS_MAX_LIMIT, {
      error: `limit must be a whole number from 1 to ${ACTIVE_USERS_MAX_LIMIT}`,
    })
    .default(DISCOVER_ACTIVE_USERS),
});

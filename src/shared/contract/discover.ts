import { z } from 'zod';
import { DISCOVER_ACTIVE_USERS } from '../domain/limits';

export { DISCOVER_ACTIVE_USERS, DISCOVER_TRENDING_POSTS } from '../domain/limits';
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

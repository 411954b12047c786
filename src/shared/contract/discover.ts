import { z } from 'zod';
import { DISCOVER_ACTIVE_USERS } from '../domain/limits';
import { limitSchema } from './pagination';

export { DISCOVER_ACTIVE_USERS, DISCOVER_TRENDING_POSTS } from '../domain/limits';
export const ACTIVE_USERS_MAX_LIMIT = 20;

/** Active Users is a short list, not a paged one: the most recently active real people, at most 20. */
export const activeUsersQuerySchema = z.object({
  limit: limitSchema(ACTIVE_USERS_MAX_LIMIT, DISCOVER_ACTIVE_USERS),
});

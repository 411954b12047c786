import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../domain/limits';

/**
 * Lists keep the spec's plain JSON array as the body. The next page, when there is one, is announced in a
 * `Link: <…?cursor=…>; rel="next"` header and in `X-Next-Cursor`.
 */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${LIST_MAX_LIMIT}` })
    .int({ error: `limit must be a whole number from 1 to ${LIST_MAX_LIMIT}` })
    .min(1, { error: `limit must be a whole number from 1 to ${LIST_MAX_LIMIT}` })
    .max(LIST_MAX_LIMIT, { error: `limit must be a whole number from 1 to ${LIST_MAX_LIMIT}` })
    .default(LIST_DEFAULT_LIMIT),
  cursor: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const NEXT_CURSOR_HEADER = 'x-next-cursor';

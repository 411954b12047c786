import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../domain/limits';

/** A `limit` query parameter from 1 to `max`, `fallback` when absent, with one message for every way it is wrong. */
export function limitSchema(max: number, fallback: number) {
  const error = `limit must be a whole number from 1 to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(1, { error }).max(max, { error }).default(fallback);
}

/**
 * Lists keep the spec's plain JSON array as the body. The next page, when there is one, is announced in a
 * `Link: <…?cursor=…>; rel="next"` header and in `X-Next-Cursor`.
 */
export const pageQuerySchema = z.object({
  limit: limitSchema(LIST_MAX_LIMIT, LIST_DEFAULT_LIMIT),
  cursor: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const NEXT_CURSOR_HEADER = 'x-next-cursor';

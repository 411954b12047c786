import { z } from 'zod';
import { SEARCH_MIN_LENGTH } from '../domain/limits';

export const SEARCH_TOO_SHORT_MESSAGE = `A search needs at least ${SEARCH_MIN_LENGTH} characters.`;
export const SEARCH_MAX_LENGTH = 500;
export const SEARCH_TOO_LONG_MESSAGE = `A search can be at most ${SEARCH_MAX_LENGTH} characters.`;

/** The typed query, as the last path segment; its surrounding spaces do not count. */
export const searchParamsSchema = z.object({
  query: z
    .string()
    .max(SEARCH_MAX_LENGTH, { error: SEARCH_TOO_LONG_MESSAGE })
    .refine((query) => query.trim().length >= SEARCH_MIN_LENGTH, { error: SEARCH_TOO_SHORT_MESSAGE }),
});

/** Where a found post matched: which field, a short excerpt of it, and the matched words' places in the excerpt. */
export const searchMatchSchema = z.object({
  field: z.enum(['title', 'transcription', 'category']),
  excerpt: z.string(),
  /** [start, end) character offsets into `excerpt`, in order, not overlapping. */
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  /** A match in the transcript: seconds into the recording where its first matched word is said. */
  at: z.number().min(0).optional(),
});
export type SearchMatch = z.infer<typeof searchMatchSchema>;

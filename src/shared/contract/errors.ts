import { z } from 'zod';

/** Every 4xx/5xx body: one sentence a person can act on. */
export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

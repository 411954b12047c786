import { z } from 'zod';

/** What an operator needs to see at a glance; load balancers look only at the status code and `status`. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** Only when unavailable: what is wrong, in one sentence. */
  message: z.string().optional(),
  database: z.object({ ok: z.boolean() }),
  ffmpeg: z.object({ ok: z.boolean() }),
  /**
   * Space on the filesystem that holds DATA_DIR; null when it cannot be read. Not ok when an upload of the largest
   * size could no longer be taken in.
   */
  storage: z.object({ ok: z.boolean(), freeBytes: z.number(), totalBytes: z.number() }).nullable(),
  /** Background jobs; null while the database is unreachable. */
  jobs: z
    .object({
      queued: z.number().int(),
      /** Seconds since the longest-waiting queued job became due; null when none is due. */
      oldestDueSeconds: z.number().nullable(),
      /** Jobs that used up their attempts in the last hour. */
      failedLastHour: z.number().int(),
    })
    .nullable(),
});
export type Health = z.infer<typeof healthSchema>;

import { z } from 'zod';

/**
 * Readiness: whether this instance can serve (database, ffmpeg, storage), with what an operator needs to see at a
 * glance. Load balancers look only at the status code (200, or 503 with this same report) and `status`.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** Only when unavailable: what is wrong, in one sentence. */
  message: z.string().optional(),
  database: z.object({ ok: z.boolean() }),
  ffmpeg: z.object({ ok: z.boolean() }),
  /**
   * Whether media storage, and the disk under DATA_DIR where every upload arrives first, can take an upload of the
   * largest size; null when it could not be checked. The figures are that disk's.
   */
  storage: z
    .object({ ok: z.boolean(), freeBytes: z.number().optional(), totalBytes: z.number().optional() })
    .nullable(),
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

/** Liveness: the process answers. It checks nothing else, so a database outage never gets instances restarted. */
export const livenessSchema = z.object({ status: z.literal('ok') });

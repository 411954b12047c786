import { z } from 'zod';
import { audioSourceSchema, clientMeasurementSchema } from './posts';

/**
 * Spec §3 Voice bio response, plus every playable source best first (the speech rendition once it is made). All
 * null and empty when the person has none.
 */
export const voiceBioSchema = z.object({
  voiceBioUrl: z.string().nullable(),
  /** Seconds, measured by the server. */
  voiceBioDuration: z.number().nullable(),
  audioSources: z.array(audioSourceSchema),
});
export type VoiceBio = z.infer<typeof voiceBioSchema>;

/** A voice bio upload's text fields (spec §7): the client's measured length is ignored. */
export const voiceBioFieldsSchema = z.object({ duration: clientMeasurementSchema });

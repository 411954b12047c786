import { z } from 'zod';
import { MAX_EDIT_OPERATIONS, type EditOperation } from '../domain/edit-list';
import { clientMeasurementSchema } from './posts';

const wholeMs = (what: string) =>
  z
    .number({ error: `${what} must be a number of milliseconds.` })
    .int({ error: `${what} must be a whole number of milliseconds.` })
    .min(0, { error: `${what} cannot be negative.` });
const takeId = z.string({ error: 'takeId is required.' }).min(1).max(100);

/** One advanced-editor operation (domain/edit-list.ts): positions on the timeline just before it applies. */
export const editOperationSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('delete'), start: wholeMs('start'), end: wholeMs('end') }),
    z.object({ kind: z.literal('insert'), at: wholeMs('at'), takeId }),
    z.object({ kind: z.literal('append'), takeId }),
  ],
  { error: 'Each operation needs a kind: "delete", "insert" or "append".' },
) satisfies z.ZodType<EditOperation>;

export const editOperationsSchema = z
  .array(editOperationSchema)
  .max(MAX_EDIT_OPERATIONS, { error: `A draft can take at most ${MAX_EDIT_OPERATIONS} edits.` });

/** PUT /api/drafts/:id/edit: every operation since the draft's original, in order. */
export const saveDraftEditBodySchema = z.object({ operations: editOperationsSchema });

/** A stretch of audio the editor works with: lengths measured by the server; media for the owner alone. */
export const editAudioSchema = z.object({
  durationMs: z.number().int(),
  audioUrl: z.string(),
  peaksUrl: z.string(),
});

/** A recording made in the editor for one draft, to insert or append. */
export const draftTakeSchema = editAudioSchema.extend({ id: z.string() });
export type DraftTake = z.infer<typeof draftTakeSchema>;

/**
 * Everything the editor needs to resume: the original (the audio the draft had before its first edit), its takes
 * (oldest first) and the saved operations; `savedAt` is null until the first save.
 */
export const draftEditSchema = z.object({
  original: editAudioSchema,
  takes: z.array(draftTakeSchema),
  operations: editOperationsSchema,
  savedAt: z.string().nullable(),
});
export type DraftEdit = z.infer<typeof draftEditSchema>;

/** A take's upload: the recording as `audio`; the client's measured length is ignored. */
export const draftTakeFieldsSchema = z.object({ duration: clientMeasurementSchema });

/** The detailed peaks of the draft's original (`source` "original") or of one of its takes (its id). */
export const draftSourceParamsSchema = z.object({
  id: z.string().min(1).max(100),
  source: z.string().min(1).max(100),
});

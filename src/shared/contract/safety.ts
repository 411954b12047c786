import { z } from 'zod';
import { publicUserSchema } from './users';

/**
 * What the signed-in person does about someone (issue 17, Safety): whether they block and mute them. Nobody is
 * ever told whether they themselves are blocked or muted.
 */
export const safetyRelationSchema = z.object({
  userId: z.string(),
  viewerBlocks: z.boolean(),
  viewerMutes: z.boolean(),
});
export type SafetyRelation = z.infer<typeof safetyRelationSchema>;

/** A profile as `GET /api/users/:id` gives it: to a signed-in person looking at someone else, with their relation. */
export const profileUserSchema = publicUserSchema.extend({
  viewerBlocks: z.boolean().optional(),
  viewerMutes: z.boolean().optional(),
});
export type ProfileUser = z.infer<typeof profileUserSchema>;

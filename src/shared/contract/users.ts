import { z } from 'zod';

export const profileLinkSchema = z.object({ title: z.string(), url: z.string() });

/** Spec §3 User, as anyone may see it: never the e-mail, hash or session data of others. */
export const publicUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string(),
  bio: z.string().nullable(),
  links: z.array(profileLinkSchema),
  profileImageUrl: z.string().nullable(),
  backgroundImageUrl: z.string().nullable(),
  profileImageOffsetX: z.number(),
  profileImageOffsetY: z.number(),
  voiceBioUrl: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  interests: z.string().nullable(),
  createdAt: z.string(),
  postCount: z.number().int(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The signed-in person's own record: adds what only they may see. */
export const currentUserSchema = publicUserSchema.extend({ email: z.string() });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const userIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

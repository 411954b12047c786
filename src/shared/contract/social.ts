import { z } from 'zod';
import { VISITOR_NAME_MAX_LENGTH } from '../domain/social';

import { audioSourceSchema, clientMeasurementSchema, speechRangesSchema } from './posts';
import { publicUserSchema } from './users';

export const postIdBodySchema = z.object({
  postId: z
    .string({ error: 'Say which post with postId.' })
    .min(1, { error: 'Say which post with postId.' })
    .max(100),
});
export const followBodySchema = z.object({
  followingId: z
    .string({ error: 'Say whom to follow with followingId.' })
    .min(1, { error: 'Say whom to follow with followingId.' })
    .max(100),
});

/** Spec §3 status responses. */
export const likeStatusSchema = z.object({ liked: z.boolean(), count: z.number().int() });
export const dislikeStatusSchema = z.object({ disliked: z.boolean(), count: z.number().int() });
export const repostStatusSchema = z.object({ reposted: z.boolean(), count: z.number().int() });
/**
 * `requested`: a person of another server (issue 28) is followed once their server accepts; until then the follow
 * is asked ("Requested"), and toggling again withdraws it.
 */
export const followToggleSchema = z.object({ followed: z.boolean(), requested: z.boolean().optional() });
export const followStatusSchema = z.object({ following: z.boolean(), requested: z.boolean().optional() });

/** Spec §3 Comment. The visitor's e-mail is only ever sent to the post's owner. */
export const commentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  audioUrl: z.string(),
  audioSources: z.array(audioSourceSchema),
  duration: z.number(),
  waveformData: z.array(z.number()),
  speech: speechRangesSchema,
  transcription: z.string().nullable(),
  /** Seconds into the post this reply answers (issue 29); null for a reply to the whole post. */
  at: z.number().nullable(),
  visitorName: z.string().nullable(),
  visitorEmail: z.string().nullable(),
  user: publicUserSchema.nullable(),
  createdAt: z.string(),
  /** Seen by its author and moderators alone. */
  hiddenByModerators: z.boolean().optional(),
  /** A visitor's comment waiting for approval, seen by the post's owner and moderators alone. */
  awaitingApproval: z.boolean().optional(),
});
export type Comment = z.infer<typeof commentSchema>;

/** Multipart text fields of POST /api/comments. */
export const commentFieldsSchema = z.object({
  postId: z
    .string({ error: 'Say which post with postId.' })
    .min(1, { error: 'Say which post with postId.' })
    .max(100),
  transcription: z
    .string()
    .trim()
    .max(5000, { error: 'Transcriptions can be at most 5000 characters.' })
    .optional()
    .transform((value) => value || undefined),
  visitorName: z
    .string()
    .trim()
    .max(VISITOR_NAME_MAX_LENGTH, { error: `Names can be at most ${VISITOR_NAME_MAX_LENGTH} characters.` })
    .optional()
    .transform((value) => value || undefined),
  visitorEmail: z
    .string()
    .trim()
    .max(254)
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.email({ error: 'Enter a valid e-mail address, or leave it empty.' }).optional()),
  duration: clientMeasurementSchema,
  /** Seconds into the post: the reply answers that moment of it (issue 29). Checked against its length. */
  at: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/, { error: 'Give at as seconds into the post, like 73.5.' })
        .transform(Number)
        .optional(),
    ),
});

export const NOTIFICATION_TYPES = ['like', 'comment', 'follow', 'repost', 'publish-request'] as const;

/** Spec §3 Notification; `user` is the person who acted. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  read: z.boolean(),
  postId: z.string().nullable(),
  /** Issue 25: the conversation someone asks to post (type publish-request); a click opens it. */
  conversationId: z.string().nullable().optional(),
  createdAt: z.string(),
  user: publicUserSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/events: how a client that cannot send `Last-Event-ID` resumes, naming the last event it received. */
export const eventsQuerySchema = z.object({
  lastEventId: z
    .uuid({ error: 'lastEventId must be the id of an event this stream sent.' })
    .optional()
    .transform((value) => value?.toLowerCase()),
});

export const markReadBodySchema = z
  .object({ ids: z.array(z.string().max(100)).max(500).optional() })
  .optional()
  .transform((value) => value ?? {});
export const markReadResponseSchema = z.object({ updated: z.number().int() });

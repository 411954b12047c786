import { z } from 'zod';
import {
  CATEGORY_MAX_LENGTH,
  DEFAULT_CATEGORY,
  DEFAULT_POST_TITLE,
  isWebLink,
  LINK_MAX_LENGTH,
  POST_TYPES,
  TITLE_MAX_LENGTH,
  TRANSCRIPTION_MAX_LENGTH,
} from '../domain/posts';
import { pageQuerySchema } from './pagination';
import { publicUserSchema } from './users';

export const chapterSchema = z.object({
  id: z.string().max(100),
  title: z.string().trim().min(1).max(TITLE_MAX_LENGTH),
  description: z.string().trim().max(1000).optional(),
  time: z.number().min(0),
});
export type Chapter = z.infer<typeof chapterSchema>;

export const audioSourceSchema = z.object({ url: z.string(), mimeType: z.string() });
export type AudioSource = z.infer<typeof audioSourceSchema>;

/**
 * Where a recording's speech is, [start, end] in seconds, in order: the players' "Skip silence" jumps the pauses
 * between. Null until the server has measured it (a recording stored before it measured speech).
 */
export const speechRangesSchema = z.array(z.tuple([z.number(), z.number()])).nullable();
export type SpeechRanges = z.infer<typeof speechRangesSchema>;

/** Where the signed-in asker stopped in a post, and whether they heard it to the end (issue 29). */
export const postListeningSchema = z.object({
  /** Seconds to pick up at; null when they stopped near the start or the end. */
  resumeAt: z.number().nullable(),
  heard: z.boolean(),
});
export type PostListening = z.infer<typeof postListeningSchema>;

/** Spec §3 Post, plus what the player needs: every playable source, best first, and the detailed peaks. */
export const postSchema = z.object({
  id: z.string(),
  userId: z.string(),
  user: publicUserSchema,
  type: z.enum(POST_TYPES),
  isDraft: z.boolean(),
  isPrivate: z.boolean(),
  title: z.string(),
  category: z.string(),
  /** Seconds, measured by the server. */
  duration: z.number(),
  audioUrl: z.string(),
  audioSources: z.array(audioSourceSchema),
  peaksUrl: z.string(),
  imageUrl: z.string().nullable(),
  waveformData: z.array(z.number()),
  speech: speechRangesSchema,
  transcription: z.string().nullable(),
  chapters: z.array(chapterSchema),
  affiliateLink: z.string().nullable(),
  affiliateLinkTitle: z.string().nullable(),
  /** Whether signed-out visitors may leave a voice comment (the owner's choice when publishing). */
  allowVisitorComments: z.boolean(),
  /** Visitors' comments wait for the owner's approval (issue 17). */
  holdVisitorComments: z.boolean().optional(),
  /** Only its owner and moderators ever see a hidden post: the owner is shown "Hidden by moderators". */
  hiddenByModerators: z.boolean().optional(),
  /** A post of a person of another server (issue 28): where the original is, on their server. */
  originalUrl: z.string().optional(),
  createdAt: z.string(),
  /** For a signed-in asker who has played it. */
  listening: postListeningSchema.optional(),
});
export type Post = z.infer<typeof postSchema>;

export const CHAPTERS_MAX = 100;
export const chaptersBodySchema = z.object({
  chapters: z
    .array(chapterSchema)
    .max(CHAPTERS_MAX, { error: `A post can have at most ${CHAPTERS_MAX} chapters.` }),
});

export const peaksSchema = z.object({ peaksPerSecond: z.number(), peaks: z.array(z.number()) });

/**
 * A post's transcript word by word (split on whitespace, spec §9), each word's start and end in seconds: aligned
 * to the recording's speech when that was measured (issue 29), else estimated from letter counts; and whether
 * its author wrote it or the operator's speech recogniser did.
 */
export const postTranscriptSchema = z.object({
  source: z.enum(['author', 'recognised']),
  timing: z.enum(['estimated', 'aligned']),
  words: z.array(z.object({ text: z.string(), start: z.number(), end: z.number() })),
});
export type PostTranscript = z.infer<typeof postTranscriptSchema>;

const flag = z
  .enum(['true', 'false', '1', '0', 'on', ''], { error: 'Flags must be "true" or "false".' })
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'on');

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} can be at most ${max} characters.` })
    .optional()
    .transform((value) => value || undefined);

/** A length the client measured and sends (spec §7); the server measures the audio itself and ignores it. */
export const clientMeasurementSchema = z.string().optional();

/** Multipart text fields of an upload (spec §3 "Voice post upload fields"). The client's durations are ignored. */
export const postUploadFieldsSchema = z.object({
  title: optionalText(TITLE_MAX_LENGTH, 'Titles').transform((value) => value ?? DEFAULT_POST_TITLE),
  category: optionalText(CATEGORY_MAX_LENGTH, 'Categories').transform((value) => value ?? DEFAULT_CATEGORY),
  transcription: optionalText(TRANSCRIPTION_MAX_LENGTH, 'Descriptions'),
  type: z
    .enum(['post', 'episode', ''], { error: 'type must be "post" or "episode".' })
    .optional()
    .transform((value) => (value === 'episode' ? 'episode' : 'post')),
  isPrivate: flag,
  isDiary: flag,
  isExtending: flag,
  allowVisitorComments: flag,
  draftId: z.string().max(100).optional(),
  affiliateLink: optionalText(LINK_MAX_LENGTH, 'Promotion links').refine(
    (value) => value === undefined || isWebLink(value),
    { error: 'Promotion links must start with http:// or https://.' },
  ),
  affiliateLinkTitle: optionalText(TITLE_MAX_LENGTH, 'Promotion titles'),
  /** Ours: ties an upload to the autosave session it finishes, so that session is not recovered later. */
  sessionId: z.string().max(100).optional(),
  duration: clientMeasurementSchema,
  /** Only when several takes were joined. */
  segment_count: clientMeasurementSchema,
  total_duration: clientMeasurementSchema,
});
export type PostUploadFields = z.output<typeof postUploadFieldsSchema>;

export const autosaveFieldsSchema = z.object({
  sessionId: z
    .string({ error: 'sessionId is required.' })
    .trim()
    .min(1, { error: 'sessionId is required.' })
    .max(100),
  chunkNumber: z.coerce
    .number({ error: 'chunkNumber must be a whole number.' })
    .int({ error: 'chunkNumber must be a whole number.' })
    .min(0, { error: 'chunkNumber must be a whole number.' })
    .max(100_000),
  totalDuration: z.coerce
    .number()
    .min(0)
    .max(24 * 3600)
    .optional(),
});

export const autosaveResponseSchema = z.object({
  sessionId: z.string(),
  chunkNumber: z.number(),
  savedAt: z.string(),
});

export const postIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const userIdParamsSchema = z.object({ userId: z.string().min(1).max(100) });

/** A person's posts, optionally of one type (the profile's Pods tab) or one category (its Categories tab). */
export const userPostsQuerySchema = pageQuerySchema.extend({
  type: z.enum(POST_TYPES, { error: `type must be one of ${POST_TYPES.join(', ')}` }).optional(),
  category: z.string().trim().min(1).max(CATEGORY_MAX_LENGTH).optional(),
});
export type UserPostsFilters = Omit<z.output<typeof userPostsQuerySchema>, 'limit' | 'cursor'>;

/** What the player reports after listening a while: the seconds listened since its last report of this play. */
export const listenBodySchema = z.object({
  seconds: z
    .number({ error: 'seconds must be a number.' })
    .min(0, { error: 'seconds cannot be negative.' })
    .max(24 * 3600, { error: 'seconds can be at most a day.' }),
});

export const listeningBodySchema = z.object({
  at: z
    .number({ error: 'at must be a number of seconds.' })
    .min(0, { error: 'at cannot be negative.' })
    .max(24 * 3600, { error: 'at can be at most a day.' }),
});

export const listenSchema = z.object({
  postId: z.string(),
  /** Whether this report counted as a new listen (the listener's first of this post today). */
  counted: z.boolean(),
});

import { z } from 'zod';
import {
  MODERATION_ACTIONS,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
  REPORT_TARGET_KINDS,
} from '../domain/moderation';
import { audioSourceSchema } from './posts';
import { publicUserSchema } from './users';

const targetKind = z.enum(REPORT_TARGET_KINDS, {
  error: 'Say what you report: a post, comment, message or user.',
});
const targetId = z
  .string({ error: 'Say which one with targetId.' })
  .min(1, { error: 'Say which one with targetId.' })
  .max(100);
const note = z
  .string()
  .trim()
  .max(REPORT_NOTE_MAX_LENGTH, { error: `Keep the note to ${REPORT_NOTE_MAX_LENGTH} characters.` })
  .optional()
  .transform((value) => (value ? value : undefined));

export const reportBodySchema = z.object({
  targetKind,
  targetId,
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason for the report.' }),
  note,
  /**
   * Of someone of another server, or what they made (issue 28): also send the report to their server's moderators,
   * from this server, never naming the reporter.
   */
  forward: z.boolean({ error: 'Say whether to send the report on with forward: true or false.' }).optional(),
});
export type ReportBody = z.input<typeof reportBodySchema>;

/**
 * The reporter learns only that it arrived, and, when they asked to send it on to another server, whether it goes
 * (not while this server does not federate, or refuses that server); nobody reported is told who reported them.
 */
export const reportReceiptSchema = z.object({ received: z.literal(true), forwarded: z.boolean().optional() });
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;

/** What was reported, as a moderator sees it now (null once it is gone). */
export const reportedContentSchema = z.object({
  /** A post's title, "Voice comment on …", "Voice message", or the person's name. */
  title: z.string(),
  /** Who made it (the person, for a reported person); null for a visitor's comment. */
  owner: publicUserSchema.nullable(),
  visitorName: z.string().nullable(),
  /** Where a moderator can open it in the app, if anywhere. */
  path: z.string().nullable(),
  audioSources: z.array(audioSourceSchema),
  /** The 100 bars of the audio's waveform (empty for a person). */
  waveformData: z.array(z.number()),
  duration: z.number().nullable(),
  transcription: z.string().nullable(),
  hidden: z.boolean(),
  ownerSuspended: z.boolean(),
});

/** How many notes, and how many other servers' reports, a case in the queue shows; `reportCount` counts them all. */
export const CASE_NOTES_SHOWN = 10;

export const moderationCaseSchema = z.object({
  id: z.string(),
  targetKind,
  targetId: z.string(),
  reportCount: z.number(),
  /** Each reason given, with how many reports gave it, the most given first. */
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number() })),
  /** The newest notes of our people's reports, at most `CASE_NOTES_SHOWN` (never who wrote them). */
  notes: z.array(z.string()),
  /**
   * The other servers that reported it (a Flag), newest first and at most `CASE_NOTES_SHOWN`, by host
   * (`mastodon.example`), each with its report's note.
   */
  servers: z.array(z.object({ host: z.string(), note: z.string().nullable() })),
  lastReportedAt: z.string(),
  content: reportedContentSchema.nullable(),
});
export type ModerationCase = z.infer<typeof moderationCaseSchema>;

export const moderationActionBodySchema = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: 'Choose an action.' }),
  targetKind,
  targetId,
  note,
});
export type ModerationActionBody = z.input<typeof moderationActionBodySchema>;

export const moderationLogEntrySchema = z.object({
  id: z.string(),
  moderator: publicUserSchema.nullable(),
  action: z.enum(MODERATION_ACTIONS),
  targetKind,
  targetId: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;

export const commentIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const commentReviewBodySchema = z.object({
  decision: z.enum(['approve', 'reject'], { error: 'Approve or reject the comment.' }),
});

export const visitorCommentHoldBodySchema = z.object({
  hold: z.boolean({ error: 'Say whether to hold visitor comments with hold: true or false.' }),
});

const DOMAIN_MESSAGE = 'Type a domain such as spam.example (or paste an address on it).';
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** A domain as typed or pasted (`Spam.Example.`, `https://spam.example/@x`): its host name, lower case, ASCII. */
export const blockedDomainSchema = z
  .string({ error: DOMAIN_MESSAGE })
  .trim()
  .max(300, { error: DOMAIN_MESSAGE })
  .transform((typed, ctx) => {
    try {
      const host = new URL(typed.includes('://') ? typed : `https://${typed}`).hostname.replace(/\.$/, '');
      if (HOST_NAME.test(host)) return host;
    } catch {
      // answered below, as any other text that names no domain
    }
    ctx.addIssue({ code: 'custom', message: DOMAIN_MESSAGE });
    return z.NEVER;
  });

export const domainBlockBodySchema = z.object({
  domain: blockedDomainSchema,
  reason: z
    .string({ error: 'Say why the domain is blocked.' })
    .trim()
    .min(1, { error: 'Say why the domain is blocked.' })
    .max(500, { error: 'Keep the reason to 500 characters.' }),
});
export type DomainBlockBody = z.input<typeof domainBlockBodySchema>;

export const domainBlockSchema = z.object({
  domain: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type DomainBlock = z.infer<typeof domainBlockSchema>;

export const domainParamsSchema = z.object({ domain: z.string().min(1).max(300) });

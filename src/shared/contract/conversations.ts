import { z } from 'zod';
import {
  CONVERSATION_TYPES,
  type ConversationType,
  GROUP_MAX_MEMBERS,
  GROUP_NAME_MAX_LENGTH,
  MESSAGE_TRANSCRIPTION_MAX_LENGTH,
} from '../domain/conversations';
import { pageQuerySchema } from './pagination';
import { audioSourceSchema, clientMeasurementSchema, postSchema, speechRangesSchema } from './posts';
import { publicUserSchema } from './users';

/**
 * Spec §3 Conversation recording (a voice message), plus every playable source best first and the spec §9 20-bar
 * waveform (`peaks`, 0 to 1, from the server's analysis).
 */
export const conversationRecordingSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  userId: z.string(),
  user: publicUserSchema,
  audioUrl: z.string(),
  audioSources: z.array(audioSourceSchema),
  /** Seconds, measured by the server. */
  duration: z.number(),
  transcription: z.string().nullable(),
  /** When it was sent (ISO 8601). */
  timestamp: z.string(),
  peaks: z.array(z.number()),
  speech: speechRangesSchema,
});
export type ConversationRecording = z.infer<typeof conversationRecordingSchema>;

/**
 * Spec §3 Conversation, as its member sees it. `participants`: every current member, and for a direct conversation
 * both people even if one has left it; `recordings`: how many messages it holds; `lastActivity`: when it was
 * created or last sent to; `unreadCount`: messages from others since the asker last opened it.
 */
export const conversationSchema = z.object({
  id: z.string(),
  type: z.enum(CONVERSATION_TYPES),
  name: z.string().nullable(),
  participants: z.array(publicUserSchema),
  recordings: z.number().int(),
  lastMessage: conversationRecordingSchema.nullable(),
  lastActivity: z.string(),
  unreadCount: z.number().int(),
  /**
   * Why it takes no more messages, said where the recorder would be ("This person has left Earshot." once a direct
   * conversation's other person deleted their account: sending answers 410); null while it is open.
   */
  closedReason: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

const userIdList = z.array(z.string().min(1).max(100), {
  error: 'participantIds must be a list of user ids.',
});
const tooManyForAGroup = `A group can have at most ${GROUP_MAX_MEMBERS} people.`;
const userIds = userIdList.max(GROUP_MAX_MEMBERS, { error: tooManyForAGroup });
/** Refused whatever their ids, with what is wrong for this type; the request's size bounds the list before. */
const TOO_MANY_FOR: Record<ConversationType, string> = {
  direct: 'A direct conversation is with exactly one other person.',
  group: tooManyForAGroup,
};

/**
 * Spec §7 `{type, participantIds}`: the other people (the asker is always a member). Direct: exactly one other
 * person; starting one with someone you already talk to answers 200 with that conversation (and brings you back
 * into it if you had left), a new one 201. Group: a `name` and two or more others.
 */
export const createConversationBodySchema = z
  .object({
    type: z.enum(CONVERSATION_TYPES, { error: 'type must be "direct" or "group".' }),
    participantIds: userIdList,
    name: z
      .string()
      .trim()
      .max(GROUP_NAME_MAX_LENGTH, {
        error: `Group names can be at most ${GROUP_NAME_MAX_LENGTH} characters.`,
      })
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((body, context) => {
    if (body.participantIds.length > GROUP_MAX_MEMBERS) {
      context.addIssue({ code: 'custom', path: ['participantIds'], message: TOO_MANY_FOR[body.type] });
    }
  });

export const addMembersBodySchema = z.object({
  userIds: userIds.min(1, { error: 'Name at least one person to add.' }),
});

export const conversationIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const conversationMessageIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** My conversations: every one, or only direct ones or groups (the list's tabs). */
export const listConversationsQuerySchema = pageQuerySchema.extend({
  type: z.enum(CONVERSATION_TYPES, { error: 'type must be "direct" or "group".' }).optional(),
});

/** Messages from others I have not read yet, over all my conversations. */
export const unreadConversationsSchema = z.object({ count: z.number().int() });

/**
 * A voice message's multipart text fields (spec §7: the file as `audio`, and `duration`, which the server ignores:
 * it measures the audio itself). `transcription` is optional.
 */
export const conversationRecordingFieldsSchema = z.object({
  duration: clientMeasurementSchema,
  transcription: z
    .string()
    .trim()
    .max(MESSAGE_TRANSCRIPTION_MAX_LENGTH, {
      error: `Transcriptions can be at most ${MESSAGE_TRANSCRIPTION_MAX_LENGTH} characters.`,
    })
    .optional()
    .transform((value) => value || undefined),
});

export const PUBLISH_REQUEST_STATUSES = ['asking', 'posted', 'withdrawn'] as const;
export const PUBLISH_ANSWERS = ['pending', 'agreed', 'declined'] as const;

/**
 * Issue 25: a member asking the others whose voices a conversation holds to post it ("Pod"). What will be posted:
 * the messages sent up to when it was asked (`messageCount`, `duration` in seconds, titled `title`), leaving out
 * hidden ones and those of anyone who declines. `answers`: each person asked, with how many of their messages are
 * in it; `postId` once it is posted.
 */
export const publishRequestSchema = z.object({
  kind: z.literal('publish-request'),
  id: z.string(),
  conversationId: z.string(),
  requester: publicUserSchema,
  status: z.enum(PUBLISH_REQUEST_STATUSES),
  title: z.string(),
  messageCount: z.number().int(),
  duration: z.number(),
  answers: z.array(
    z.object({ user: publicUserSchema, answer: z.enum(PUBLISH_ANSWERS), messageCount: z.number().int() }),
  ),
  postId: z.string().nullable(),
  createdAt: z.string(),
});
export type PublishRequest = z.infer<typeof publishRequestSchema>;

/**
 * The "Pod" button's answer: the post at once when the conversation holds only the asker's voice (as before), or
 * the request that asks the others.
 */
export const publishConversationResultSchema = z.union([postSchema, publishRequestSchema]);
export type PublishConversationResult = z.infer<typeof publishConversationResultSchema>;

export const publishRequestIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const publishAnswerBodySchema = z.object({
  answer: z.enum(['agree', 'decline'], { error: 'answer must be "agree" or "decline".' }),
});

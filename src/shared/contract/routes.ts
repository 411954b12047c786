import { z } from 'zod';
import { ACCOUNT_EXPORT_TYPE, accountDeletedSchema, deleteAccountBodySchema } from './account';
import { loginBodySchema, registerBodySchema } from './auth';
import { endpoints, type EndpointName, type HttpMethod } from './endpoints';
import { healthSchema, livenessSchema } from './health';
import { oembedQuerySchema, oembedSchema } from './oembed';
import { pageQuerySchema } from './pagination';
import {
  autosaveFieldsSchema,
  autosaveResponseSchema,
  chaptersBodySchema,
  listenBodySchema,
  listeningBodySchema,
  listenSchema,
  peaksSchema,
  postTranscriptSchema,
  postIdParamsSchema,
  postListeningSchema,
  postSchema,
  postUploadFieldsSchema,
  userIdParamsSchema as postsUserIdParamsSchema,
  userPostsQuerySchema,
} from './posts';
import {
  commentFieldsSchema,
  commentSchema,
  dislikeStatusSchema,
  eventsQuerySchema,
  followBodySchema,
  followStatusSchema,
  followToggleSchema,
  likeStatusSchema,
  markReadBodySchema,
  markReadResponseSchema,
  notificationSchema,
  postIdBodySchema,
  repostStatusSchema,
} from './social';
import {
  addMembersBodySchema,
  conversationIdParamsSchema,
  conversationMessageIdParamsSchema,
  conversationRecordingFieldsSchema,
  conversationRecordingSchema,
  conversationSchema,
  createConversationBodySchema,
  listConversationsQuerySchema,
  publishAnswerBodySchema,
  publishConversationResultSchema,
  publishRequestIdParamsSchema,
  publishRequestSchema,
  unreadConversationsSchema,
} from './conversations';
import { activeUsersQuerySchema } from './discover';
import {
  draftEditSchema,
  draftSourceParamsSchema,
  draftTakeFieldsSchema,
  draftTakeSchema,
  saveDraftEditBodySchema,
} from './drafts';
import { PODCAST_FEED_TYPE, PODCAST_TRANSCRIPT_TYPE, podcastChaptersSchema } from './podcast';
import {
  pushDevicesPageSchema,
  pushDevicesQuerySchema,
  pushKeySchema,
  pushPreferencesPatchSchema,
  pushPreferencesSchema,
  pushSubscriptionBodySchema,
  pushSubscriptionIdParamsSchema,
  pushSubscriptionSchema,
} from './push';
import { profileUserSchema, safetyRelationSchema } from './safety';
import { searchMatchSchema, searchParamsSchema } from './search';
import { userStatsSchema } from './stats';
import {
  aboutBodySchema,
  currentUserSchema,
  profileFieldsSchema,
  pictureFramingSchema,
  profilePositionSchema,
  publicUserSchema,
  settingsBodySchema,
  userIdParamsSchema,
} from './users';
import { voiceBioFieldsSchema, voiceBioSchema } from './voice-bio';
import {
  commentIdParamsSchema,
  commentReviewBodySchema,
  domainBlockBodySchema,
  domainBlockSchema,
  domainParamsSchema,
  moderationActionBodySchema,
  moderationCaseSchema,
  moderationLogEntrySchema,
  reportBodySchema,
  reportReceiptSchema,
  visitorCommentHoldBodySchema,
} from './moderation';

/** A multipart/form-data body: its text fields as one schema, and the file parts it takes. */
export interface MultipartDefinition {
  fields: z.ZodObject;
  files: Record<string, { required: boolean; accepts: 'audio' | 'image' }>;
}

export interface RouteDefinition {
  method: HttpMethod;
  /** Fastify-style path: `:name` marks a parameter. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * Uploads: the multipart fields and files. With `body` as well, the path takes either: the form, or that JSON
   * body (told apart by Content-Type).
   */
  multipart?: MultipartDefinition;
  response: z.ZodType;
  /** Status of a successful answer; 200 unless given. The server answers with it unless a handler says otherwise. */
  successStatus?: number;
  /** Media type of a successful answer that is not JSON: a page, an event stream, media bytes. */
  responseType?:
    | 'text/html'
    | 'text/event-stream'
    | 'audio/*'
    | 'image/*'
    | typeof PODCAST_FEED_TYPE
    | typeof ACCOUNT_EXPORT_TYPE
    | typeof PODCAST_TRANSCRIPT_TYPE;
  /** Registered only with the test helpers (NODE_ENV=test). */
  testOnly?: true;
}

const deleted = z.object({ id: z.string() });
const posts = z.array(postSchema);

const audioFile = { required: true, accepts: 'audio' } as const;
/** A new post or diary entry: the recording and an optional cover photo (spec §7). */
const postUpload = {
  fields: postUploadFieldsSchema,
  files: { audio: audioFile, photo: { required: false, accepts: 'image' } },
} as const satisfies MultipartDefinition;
/** More audio for a draft or a post, or a draft's new take: the photo stays as it was. */
const recordingUpload = {
  fields: postUploadFieldsSchema,
  files: { audio: audioFile },
} as const satisfies MultipartDefinition;
/** A draft's save from the recorder's form: its fields, its audio only when the recording changed, a new photo. */
const draftSave = {
  fields: postUploadFieldsSchema,
  files: { audio: { required: false, accepts: 'audio' }, photo: { required: false, accepts: 'image' } },
} as const satisfies MultipartDefinition;

/**
 * The API: each endpoint with its payloads. Server routes validate with these schemas; the client takes its types
 * from here. Multipart uploads (spec §7) give their text fields and file parts under `multipart`.
 */
export const routes = {
  health: { ...endpoints.health, response: healthSchema },
  healthLive: { ...endpoints.healthLive, response: livenessSchema },
  healthReady: { ...endpoints.healthReady, response: healthSchema },
  // Nobody signed in is an answer, not an error (spec §3: an empty answer means signed out): `null`.
  currentUser: { ...endpoints.currentUser, response: currentUserSchema.nullable() },
  register: {
    ...endpoints.register,
    body: registerBodySchema,
    response: currentUserSchema,
    successStatus: 201,
  },
  login: { ...endpoints.login, body: loginBodySchema, response: currentUserSchema },
  logout: { ...endpoints.logout, response: z.object({ signedOut: z.literal(true) }) },
  // An HTML page and a redirect, opened by the browser itself rather than through this API's JSON fetcher.
  signInPage: {
    ...endpoints.signInPage,
    query: z.object({ mode: z.enum(['signin', 'register']).catch('signin').default('signin') }),
    response: z.string(),
    responseType: 'text/html',
  },
  signOutPage: { ...endpoints.signOutPage, response: z.string(), successStatus: 302 },
  shareTarget: { ...endpoints.shareTarget, response: z.string(), successStatus: 303 },
  // Its name (URI-encoded) in X-File-Name; 404 when nothing is kept (taken, an hour old, never shared).
  sharedAudio: { ...endpoints.sharedAudio, response: z.string(), responseType: 'audio/*' },
  discardSharedAudio: { ...endpoints.discardSharedAudio, response: z.object({ discarded: z.literal(true) }) },
  // With `viewerBlocks` and `viewerMutes` for a signed-in person looking at someone else.
  getUser: { ...endpoints.getUser, params: userIdParamsSchema, response: profileUserSchema },
  podcastFeed: {
    ...endpoints.podcastFeed,
    params: userIdParamsSchema,
    response: z.string(),
    responseType: PODCAST_FEED_TYPE,
  },
  listUsers: { ...endpoints.listUsers, query: pageQuerySchema, response: z.array(publicUserSchema) },
  // The Edit Profile dialog sends the form; the About tab sends JSON to the same path (spec §7).
  updateProfile: {
    ...endpoints.updateProfile,
    multipart: {
      fields: profileFieldsSchema,
      files: {
        profileImage: { required: false, accepts: 'image' },
        coverImage: { required: false, accepts: 'image' },
      },
    },
    body: aboutBodySchema,
    response: currentUserSchema,
  },
  updateProfileImagePosition: {
    ...endpoints.updateProfileImagePosition,
    body: profilePositionSchema,
    response: pictureFramingSchema,
  },
  updateSettings: { ...endpoints.updateSettings, body: settingsBodySchema, response: currentUserSchema },
  userStats: { ...endpoints.userStats, params: userIdParamsSchema, response: userStatsSchema },
  // Each answers the asker's relation to the person afterwards; doing it twice changes nothing.
  blockUser: { ...endpoints.blockUser, params: userIdParamsSchema, response: safetyRelationSchema },
  unblockUser: { ...endpoints.unblockUser, params: userIdParamsSchema, response: safetyRelationSchema },
  muteUser: { ...endpoints.muteUser, params: userIdParamsSchema, response: safetyRelationSchema },
  unmuteUser: { ...endpoints.unmuteUser, params: userIdParamsSchema, response: safetyRelationSchema },
  // Most recently blocked (muted) first.
  listBlockedUsers: {
    ...endpoints.listBlockedUsers,
    query: pageQuerySchema,
    response: z.array(publicUserSchema),
  },
  listMutedUsers: {
    ...endpoints.listMutedUsers,
    query: pageQuerySchema,
    response: z.array(publicUserSchema),
  },
  pushKey: { ...endpoints.pushKey, response: pushKeySchema },
  // 201 for a new device; 200 when this person subscribed this endpoint before (its keys and name updated).
  subscribePush: {
    ...endpoints.subscribePush,
    body: pushSubscriptionBodySchema,
    response: pushSubscriptionSchema,
    successStatus: 201,
  },
  listPushSubscriptions: {
    ...endpoints.listPushSubscriptions,
    query: pushDevicesQuerySchema,
    response: pushDevicesPageSchema,
  },
  deletePushSubscription: {
    ...endpoints.deletePushSubscription,
    params: pushSubscriptionIdParamsSchema,
    response: z.null(),
    successStatus: 204,
  },
  pushPreferences: { ...endpoints.pushPreferences, response: pushPreferencesSchema },
  updatePushPreferences: {
    ...endpoints.updatePushPreferences,
    body: pushPreferencesPatchSchema,
    response: pushPreferencesSchema,
  },
  getVoiceBio: { ...endpoints.getVoiceBio, params: postsUserIdParamsSchema, response: voiceBioSchema },
  // Spec §7: the recording as `voiceBio`; the client's `duration` is ignored, the server measures.
  uploadVoiceBio: {
    ...endpoints.uploadVoiceBio,
    multipart: { fields: voiceBioFieldsSchema, files: { voiceBio: audioFile } },
    response: voiceBioSchema,
  },
  deleteVoiceBio: { ...endpoints.deleteVoiceBio, response: voiceBioSchema },
  // A download (an attachment), opened by the browser itself rather than through this API's JSON fetcher.
  exportAccountData: {
    ...endpoints.exportAccountData,
    response: z.string(),
    responseType: ACCOUNT_EXPORT_TYPE,
  },
  deleteAccount: {
    ...endpoints.deleteAccount,
    body: deleteAccountBodySchema,
    response: accountDeletedSchema,
  },

  createPost: { ...endpoints.createPost, multipart: postUpload, response: postSchema, successStatus: 201 },
  createDiaryEntry: {
    ...endpoints.createDiaryEntry,
    multipart: postUpload,
    response: postSchema,
    successStatus: 201,
  },
  extendDraftPost: {
    ...endpoints.extendDraftPost,
    params: postIdParamsSchema,
    multipart: recordingUpload,
    response: postSchema,
  },
  extendDraftDiaryEntry: {
    ...endpoints.extendDraftDiaryEntry,
    params: postIdParamsSchema,
    multipart: recordingUpload,
    response: postSchema,
  },
  editDraft: { ...endpoints.editDraft, multipart: draftSave, response: postSchema },
  extendPost: {
    ...endpoints.extendPost,
    params: postIdParamsSchema,
    multipart: recordingUpload,
    response: postSchema,
  },
  updateChapters: {
    ...endpoints.updateChapters,
    params: postIdParamsSchema,
    body: chaptersBodySchema,
    response: postSchema,
  },
  autosaveChunk: {
    ...endpoints.autosaveChunk,
    multipart: { fields: autosaveFieldsSchema, files: { audio: audioFile } },
    response: autosaveResponseSchema,
  },
  discardAutosave: {
    ...endpoints.discardAutosave,
    params: z.object({ sessionId: z.string().min(1).max(100) }),
    response: z.object({ sessionId: z.string() }),
  },
  getDraftEdit: { ...endpoints.getDraftEdit, params: postIdParamsSchema, response: draftEditSchema },
  // The client's measured length is ignored: the server measures the take.
  addDraftTake: {
    ...endpoints.addDraftTake,
    params: postIdParamsSchema,
    multipart: { fields: draftTakeFieldsSchema, files: { audio: audioFile } },
    response: draftTakeSchema,
    successStatus: 201,
  },
  saveDraftEdit: {
    ...endpoints.saveDraftEdit,
    params: postIdParamsSchema,
    body: saveDraftEditBodySchema,
    response: postSchema,
  },
  getDraftSourcePeaks: {
    ...endpoints.getDraftSourcePeaks,
    params: draftSourceParamsSchema,
    response: peaksSchema,
  },
  listDrafts: { ...endpoints.listDrafts, query: pageQuerySchema, response: posts },
  deleteDraft: { ...endpoints.deleteDraft, params: postIdParamsSchema, response: deleted },
  listPosts: { ...endpoints.listPosts, query: pageQuerySchema, response: posts },
  listUserPosts: {
    ...endpoints.listUserPosts,
    params: postsUserIdParamsSchema,
    query: userPostsQuerySchema,
    response: posts,
  },
  feed: { ...endpoints.feed, query: pageQuerySchema, response: posts },
  getPost: { ...endpoints.getPost, params: postIdParamsSchema, response: postSchema },
  getPostPeaks: { ...endpoints.getPostPeaks, params: postIdParamsSchema, response: peaksSchema },
  getPostTranscript: {
    ...endpoints.getPostTranscript,
    params: postIdParamsSchema,
    response: postTranscriptSchema,
  },
  // Any id: what is not a public post's is a page saying so (404), never an error in JSON inside someone's site.
  embedPlayer: {
    ...endpoints.embedPlayer,
    params: z.object({ id: z.string() }),
    response: z.string(),
    responseType: 'text/html',
  },
  // 404 for anything but a public post's page on this site; 501 for a format other than JSON (oEmbed §2.3).
  oembed: { ...endpoints.oembed, query: oembedQuerySchema, response: oembedSchema },
  getPostChaptersJson: {
    ...endpoints.getPostChaptersJson,
    params: postIdParamsSchema,
    response: podcastChaptersSchema,
  },
  getPostTranscriptVtt: {
    ...endpoints.getPostTranscriptVtt,
    params: postIdParamsSchema,
    response: z.string(),
    responseType: PODCAST_TRANSCRIPT_TYPE,
  },
  deletePost: { ...endpoints.deletePost, params: postIdParamsSchema, response: deleted },
  recordListen: {
    ...endpoints.recordListen,
    params: postIdParamsSchema,
    body: listenBodySchema,
    response: listenSchema,
  },
  saveListening: {
    ...endpoints.saveListening,
    params: postIdParamsSchema,
    body: listeningBodySchema,
    response: postListeningSchema,
  },
  searchPosts: {
    ...endpoints.searchPosts,
    params: searchParamsSchema,
    query: pageQuerySchema,
    // Each found post may say where it matched (absent when no field's text explains the match).
    response: z.array(postSchema.extend({ match: searchMatchSchema.optional() })),
  },
  searchUsers: {
    ...endpoints.searchUsers,
    params: searchParamsSchema,
    query: pageQuerySchema,
    response: z.array(publicUserSchema),
  },
  trendingPosts: { ...endpoints.trendingPosts, query: pageQuerySchema, response: posts },
  activeUsers: {
    ...endpoints.activeUsers,
    query: activeUsersQuerySchema,
    response: z.array(publicUserSchema),
  },

  like: { ...endpoints.like, body: postIdBodySchema, response: likeStatusSchema },
  likeStatus: { ...endpoints.likeStatus, params: postIdParamsSchema, response: likeStatusSchema },
  dislike: { ...endpoints.dislike, body: postIdBodySchema, response: dislikeStatusSchema },
  dislikeStatus: { ...endpoints.dislikeStatus, params: postIdParamsSchema, response: dislikeStatusSchema },
  repost: { ...endpoints.repost, body: postIdBodySchema, response: repostStatusSchema },
  repostStatus: { ...endpoints.repostStatus, params: postIdParamsSchema, response: repostStatusSchema },
  toggleFollow: { ...endpoints.toggleFollow, body: followBodySchema, response: followToggleSchema },
  followStatus: { ...endpoints.followStatus, params: postsUserIdParamsSchema, response: followStatusSchema },
  followerCount: { ...endpoints.followerCount, params: postsUserIdParamsSchema, response: z.number().int() },
  followingCount: {
    ...endpoints.followingCount,
    params: postsUserIdParamsSchema,
    response: z.number().int(),
  },
  listFollowers: {
    ...endpoints.listFollowers,
    params: postsUserIdParamsSchema,
    query: pageQuerySchema,
    response: z.array(publicUserSchema),
  },
  listFollowing: {
    ...endpoints.listFollowing,
    params: postsUserIdParamsSchema,
    query: pageQuerySchema,
    response: z.array(publicUserSchema),
  },
  listComments: {
    ...endpoints.listComments,
    params: postIdParamsSchema,
    query: pageQuerySchema,
    response: z.array(commentSchema),
  },
  createComment: {
    ...endpoints.createComment,
    multipart: { fields: commentFieldsSchema, files: { audio: audioFile } },
    response: commentSchema,
    successStatus: 201,
  },
  deleteComment: { ...endpoints.deleteComment, params: postIdParamsSchema, response: deleted },
  listNotifications: {
    ...endpoints.listNotifications,
    query: pageQuerySchema,
    response: z.array(notificationSchema),
  },
  markNotificationsRead: {
    ...endpoints.markNotificationsRead,
    body: markReadBodySchema,
    response: markReadResponseSchema,
  },
  // A text/event-stream (see events.ts), read with EventSource rather than this API's JSON fetcher.
  events: {
    ...endpoints.events,
    query: eventsQuerySchema,
    response: z.string(),
    responseType: 'text/event-stream',
  },

  // My conversations, newest activity first (a conversation moves to the front when it is sent to, so a later page
  // may repeat or miss one that moved meanwhile: reload from the first page on a live event).
  listConversations: {
    ...endpoints.listConversations,
    query: listConversationsQuerySchema,
    response: z.array(conversationSchema),
  },
  unreadConversations: { ...endpoints.unreadConversations, response: unreadConversationsSchema },
  getConversation: {
    ...endpoints.getConversation,
    params: conversationIdParamsSchema,
    response: conversationSchema,
  },
  // 201 for a new conversation; 200 with the existing one for a direct conversation the two already share.
  createConversation: {
    ...endpoints.createConversation,
    body: createConversationBodySchema,
    response: conversationSchema,
    successStatus: 201,
  },
  addConversationMembers: {
    ...endpoints.addConversationMembers,
    params: conversationIdParamsSchema,
    body: addMembersBodySchema,
    response: conversationSchema,
  },
  leaveConversation: {
    ...endpoints.leaveConversation,
    params: conversationIdParamsSchema,
    response: deleted,
  },
  // Oldest first within a page. The first page holds the newest `limit` messages; the next cursor leads to the
  // page of older ones before it. Opening it marks the conversation read for the asker.
  listConversationRecordings: {
    ...endpoints.listConversationRecordings,
    params: conversationIdParamsSchema,
    query: pageQuerySchema,
    response: z.array(conversationRecordingSchema),
  },
  sendConversationRecording: {
    ...endpoints.sendConversationRecording,
    params: conversationIdParamsSchema,
    multipart: { fields: conversationRecordingFieldsSchema, files: { audio: audioFile } },
    response: conversationRecordingSchema,
    successStatus: 201,
  },
  deleteConversationRecording: {
    ...endpoints.deleteConversationRecording,
    params: conversationMessageIdParamsSchema,
    response: deleted,
  },
  publishConversation: {
    ...endpoints.publishConversation,
    params: conversationIdParamsSchema,
    response: publishConversationResultSchema,
    successStatus: 201,
  },
  getPublishRequest: {
    ...endpoints.getPublishRequest,
    params: conversationIdParamsSchema,
    response: publishRequestSchema.nullable(),
  },
  answerPublishRequest: {
    ...endpoints.answerPublishRequest,
    params: publishRequestIdParamsSchema,
    body: publishAnswerBodySchema,
    response: publishRequestSchema,
  },
  postPublishRequest: {
    ...endpoints.postPublishRequest,
    params: publishRequestIdParamsSchema,
    response: postSchema,
    successStatus: 201,
  },
  withdrawPublishRequest: {
    ...endpoints.withdrawPublishRequest,
    params: publishRequestIdParamsSchema,
    response: deleted,
  },

  // Bytes, not JSON; their URLs reach the client inside posts and comments.
  mediaAudio: {
    ...endpoints.mediaAudio,
    params: z.object({ assetId: z.string().regex(/^[0-9a-f-]{36}$/), file: z.string().max(40) }),
    response: z.string(),
    responseType: 'audio/*',
  },
  mediaImage: {
    ...endpoints.mediaImage,
    // `<image id>.<extension>`, or `<image id>.<version id>.webp` for a photo re-encoded after it was stored.
    params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}(\.[0-9a-f-]{36})?\.[a-z]{3,4}$/) }),
    response: z.string(),
    responseType: 'image/*',
  },

  shareCard: {
    ...endpoints.shareCard,
    params: z.object({ id: z.string().min(1).max(100), file: z.string().regex(/^[0-9a-f]{16}\.png$/) }),
    response: z.string(),
    responseType: 'image/*',
  },

  openApiDocument: {
    ...endpoints.openApiDocument,
    response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
  },
  apiReference: { ...endpoints.apiReference, response: z.string(), responseType: 'text/html' },

  // A report in the browser's own format (application/csp-report or application/reports+json), not JSON we define.
  cspReport: { ...endpoints.cspReport, response: z.null(), successStatus: 204 },

  // Answers the same whether the report is new or updates the asker's earlier one of the same thing.
  report: { ...endpoints.report, body: reportBodySchema, response: reportReceiptSchema },
  setVisitorCommentHold: {
    ...endpoints.setVisitorCommentHold,
    params: postIdParamsSchema,
    body: visitorCommentHoldBodySchema,
    response: postSchema,
  },
  // Approving shows a held visitor comment to everyone; rejecting deletes it with its audio (null).
  reviewComment: {
    ...endpoints.reviewComment,
    params: commentIdParamsSchema,
    body: commentReviewBodySchema,
    response: commentSchema.nullable(),
  },
  // Open reports grouped by what they report, the most recently reported first.
  listModerationCases: {
    ...endpoints.listModerationCases,
    query: pageQuerySchema,
    response: z.array(moderationCaseSchema),
  },
  moderate: {
    ...endpoints.moderate,
    body: moderationActionBodySchema,
    response: moderationLogEntrySchema,
  },
  listModerationLog: {
    ...endpoints.listModerationLog,
    query: pageQuerySchema,
    response: z.array(moderationLogEntrySchema),
  },
  listDomainBlocks: {
    ...endpoints.listDomainBlocks,
    query: pageQuerySchema,
    response: z.array(domainBlockSchema),
  },
  blockDomain: {
    ...endpoints.blockDomain,
    body: domainBlockBodySchema,
    response: domainBlockSchema,
    successStatus: 201,
  },
  unblockDomain: {
    ...endpoints.unblockDomain,
    params: domainParamsSchema,
    response: z.object({ unblocked: z.literal(true) }),
  },
  createFakeUser: {
    ...endpoints.createFakeUser,
    response: z.object({ user: publicUserSchema, posts: z.array(z.unknown()) }),
    successStatus: 201,
    testOnly: true,
  },
  testAudioAnalysis: {
    ...endpoints.testAudioAnalysis,
    multipart: { fields: z.object({}), files: { audio: { required: true, accepts: 'audio' } } },
    response: z.object({
      durationSeconds: z.number(),
      peakDb: z.number().nullable(),
      loudnessLufs: z.number().nullable(),
    }),
    testOnly: true,
  },
  testCspReports: {
    ...endpoints.testCspReports,
    response: z.array(z.object({ page: z.string(), directive: z.string(), blocked: z.string() })),
    testOnly: true,
  },
} as const satisfies Record<EndpointName, RouteDefinition>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

type InferOr<T, Fallback> = T extends z.ZodType ? z.input<T> : Fallback;
export type RouteParams<R extends RouteDefinition> = InferOr<R['params'], undefined>;
export type RouteQuery<R extends RouteDefinition> = InferOr<R['query'], undefined>;
export type RouteBody<R extends RouteDefinition> = InferOr<R['body'], undefined>;
export type RouteResponse<R extends RouteDefinition> = z.output<R['response']>;

/** The endpoints that take a multipart upload. */
export type MultipartRouteName = {
  [N in RouteName]: Routes[N] extends { multipart: MultipartDefinition } ? N : never;
}[RouteName];
export type RouteMultipart<N extends MultipartRouteName> = Routes[N]['multipart'];

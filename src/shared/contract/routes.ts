import { z } from 'zod';
import { loginBodySchema, registerBodySchema } from './auth';
import { endpoints, type EndpointName, type HttpMethod } from './endpoints';
import { healthSchema } from './health';
import { pageQuerySchema } from './pagination';
import {
  autosaveResponseSchema,
  chaptersBodySchema,
  peaksSchema,
  postIdParamsSchema,
  postSchema,
  userIdParamsSchema as postsUserIdParamsSchema,
} from './posts';
import {
  commentSchema,
  dislikeStatusSchema,
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
import { currentUserSchema, publicUserSchema, userIdParamsSchema } from './users';

export interface RouteDefinition {
  method: HttpMethod;
  /** Fastify-style path: `:name` marks a parameter. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Status of a successful answer; 200 unless given. */
  successStatus?: number;
}

const deleted = z.object({ id: z.string() });
const posts = z.array(postSchema);

/**
 * The API: each endpoint with its payloads. Server routes validate with these schemas; the client takes its types
 * from here. Multipart uploads (spec §7) have no body schema: the server checks their fields and files itself.
 */
export const routes = {
  health: { ...endpoints.health, response: healthSchema },
  currentUser: { ...endpoints.currentUser, response: currentUserSchema },
  register: {
    ...endpoints.register,
    body: registerBodySchema,
    response: currentUserSchema,
    successStatus: 201,
  },
  login: { ...endpoints.login, body: loginBodySchema, response: currentUserSchema },
  logout: { ...endpoints.logout, response: z.object({ signedOut: z.literal(true) }) },
  getUser: { ...endpoints.getUser, params: userIdParamsSchema, response: publicUserSchema },
  listUsers: { ...endpoints.listUsers, query: pageQuerySchema, response: z.array(publicUserSchema) },

  createPost: { ...endpoints.createPost, response: postSchema, successStatus: 201 },
  createDiaryEntry: { ...endpoints.createDiaryEntry, response: postSchema, successStatus: 201 },
  extendDraftPost: { ...endpoints.extendDraftPost, params: postIdParamsSchema, response: postSchema },
  extendDraftDiaryEntry: {
    ...endpoints.extendDraftDiaryEntry,
    params: postIdParamsSchema,
    response: postSchema,
  },
  editDraft: { ...endpoints.editDraft, response: postSchema },
  extendPost: { ...endpoints.extendPost, params: postIdParamsSchema, response: postSchema },
  updateChapters: {
    ...endpoints.updateChapters,
    params: postIdParamsSchema,
    body: chaptersBodySchema,
    response: postSchema,
  },
  autosaveChunk: { ...endpoints.autosaveChunk, response: autosaveResponseSchema },
  discardAutosave: {
    ...endpoints.discardAutosave,
    params: z.object({ sessionId: z.string().min(1).max(100) }),
    response: z.object({ sessionId: z.string() }),
  },
  listDrafts: { ...endpoints.listDrafts, query: pageQuerySchema, response: posts },
  deleteDraft: { ...endpoints.deleteDraft, params: postIdParamsSchema, response: deleted },
  listPosts: { ...endpoints.listPosts, query: pageQuerySchema, response: posts },
  listUserPosts: {
    ...endpoints.listUserPosts,
    params: postsUserIdParamsSchema,
    query: pageQuerySchema,
    response: posts,
  },
  feed: { ...endpoints.feed, query: pageQuerySchema, response: posts },
  getPost: { ...endpoints.getPost, params: postIdParamsSchema, response: postSchema },
  getPostPeaks: { ...endpoints.getPostPeaks, params: postIdParamsSchema, response: peaksSchema },
  deletePost: { ...endpoints.deletePost, params: postIdParamsSchema, response: deleted },

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
  createComment: { ...endpoints.createComment, response: commentSchema, successStatus: 201 },
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

  createFakeUser: {
    ...endpoints.createFakeUser,
    response: z.object({ user: publicUserSchema, posts: z.array(z.unknown()) }),
    successStatus: 201,
  },
} as const satisfies Record<EndpointName, RouteDefinition>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

type InferOr<T, Fallback> = T extends z.ZodType ? z.input<T> : Fallback;
export type RouteParams<R extends RouteDefinition> = InferOr<R['params'], undefined>;
export type RouteQuery<R extends RouteDefinition> = InferOr<R['query'], undefined>;
export type RouteBody<R extends RouteDefinition> = InferOr<R['body'], undefined>;
export type RouteResponse<R extends RouteDefinition> = z.output<R['response']>;

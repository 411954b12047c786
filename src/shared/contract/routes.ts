import { z } from 'zod';
import { loginBodySchema, registerBodySchema } from './auth';
import { pageQuerySchema } from './pagination';
import {
  autosaveResponseSchema,
  peaksSchema,
  postIdParamsSchema,
  postSchema,
  userIdParamsSchema as postsUserIdParamsSchema,
} from './posts';
import { currentUserSchema, publicUserSchema, userIdParamsSchema } from './users';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

/** The API: every JSON route the client calls, with its payloads. Server routes and the client fetcher both use it. */
export const routes = {
  health: {
    method: 'GET',
    path: '/api/health',
    response: z.object({ status: z.literal('ok') }),
  },
  currentUser: {
    method: 'GET',
    path: '/api/auth/user',
    response: currentUserSchema,
  },
  register: {
    method: 'POST',
    path: '/api/register',
    body: registerBodySchema,
    response: currentUserSchema,
    successStatus: 201,
  },
  login: {
    method: 'POST',
    path: '/api/login',
    body: loginBodySchema,
    response: currentUserSchema,
  },
  getUser: {
    method: 'GET',
    path: '/api/users/:id',
    params: userIdParamsSchema,
    response: publicUserSchema,
  },
  listUsers: {
    method: 'GET',
    path: '/api/users',
    query: pageQuerySchema,
    response: z.array(publicUserSchema),
  },
  /** Multipart uploads (spec §7): the body is form data checked by the server, so it has no JSON schema. */
  createPost: { method: 'POST', path: '/api/posts', response: postSchema, successStatus: 201 },
  createDiaryEntry: { method: 'POST', path: '/api/diary', response: postSchema, successStatus: 201 },
  extendDraftPost: {
    method: 'PUT',
    path: '/api/posts/:id',
    params: postIdParamsSchema,
    response: postSchema,
  },
  extendDraftDiaryEntry: {
    method: 'PUT',
    path: '/api/diary/:id',
    params: postIdParamsSchema,
    response: postSchema,
  },
  editDraft: { method: 'PUT', path: '/api/diary', response: postSchema },
  extendPost: {
    method: 'POST',
    path: '/api/posts/:id/extend',
    params: postIdParamsSchema,
    response: postSchema,
  },
  autosaveChunk: { method: 'POST', path: '/api/recordings/autosave', response: autosaveResponseSchema },

  listDrafts: { method: 'GET', path: '/api/diary', query: pageQuerySchema, response: z.array(postSchema) },
  deleteDraft: {
    method: 'DELETE',
    path: '/api/diary/:id',
    params: postIdParamsSchema,
    response: z.object({ id: z.string() }),
  },
  listPosts: { method: 'GET', path: '/api/posts', query: pageQuerySchema, response: z.array(postSchema) },
  listUserPosts: {
    method: 'GET',
    path: '/api/posts/user/:userId',
    params: postsUserIdParamsSchema,
    query: pageQuerySchema,
    response: z.array(postSchema),
  },
  feed: { method: 'GET', path: '/api/feed', query: pageQuerySchema, response: z.array(postSchema) },
  getPost: { method: 'GET', path: '/api/posts/:id', params: postIdParamsSchema, response: postSchema },
  getPostPeaks: {
    method: 'GET',
    path: '/api/posts/:id/peaks',
    params: postIdParamsSchema,
    response: peaksSchema,
  },
  deletePost: {
    method: 'DELETE',
    path: '/api/posts/:id',
    params: postIdParamsSchema,
    response: z.object({ id: z.string() }),
  },

  createFakeUser: {
    method: 'POST',
    path: '/api/create-fake-user',
    response: z.object({ user: publicUserSchema, posts: z.array(z.unknown()) }),
    successStatus: 201,
  },
} as const satisfies Record<string, RouteDefinition>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

type InferOr<T, Fallback> = T extends z.ZodType ? z.input<T> : Fallback;
export type RouteParams<R extends RouteDefinition> = InferOr<R['params'], undefined>;
export type RouteQuery<R extends RouteDefinition> = InferOr<R['query'], undefined>;
export type RouteBody<R extends RouteDefinition> = InferOr<R['body'], undefined>;
export type RouteResponse<R extends RouteDefinition> = z.output<R['response']>;

/** Fills `:name` segments of a route path, encoding each value. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

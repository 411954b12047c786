import { buildPath, endpoints } from '@shared/contract/endpoints';
import type {
  MultipartDefinition,
  RouteBody,
  RouteDefinition,
  RouteName,
  RouteParams,
  RouteQuery,
  RouteResponse,
  Routes,
} from '@shared/contract/routes';
import type { MultipartBody } from './multipart-form';

/** A non-OK answer. Spec §8: the message is `${status}: ${body text, or the status text when empty}`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function isUnauthorizedError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

type ParamsOption<R extends RouteDefinition> =
  RouteParams<R> extends undefined ? { params?: undefined } : { params: RouteParams<R> };

/**
 * An upload takes the form data `toFormData` builds for it, or its JSON body where it also has one; other routes
 * take their JSON body, if any.
 */
type BodyOption<R extends RouteDefinition> = R extends { multipart: MultipartDefinition }
  ? {
      body: MultipartBody<R['multipart']['fields']> | (RouteBody<R> extends undefined ? never : RouteBody<R>);
    }
  : RouteBody<R> extends undefined
    ? { body?: undefined }
    : { body: RouteBody<R> };

export type ApiRequestOptions<R extends RouteDefinition> = ParamsOption<R> &
  BodyOption<R> & {
    query?: RouteQuery<R>;
    signal?: AbortSignal;
    /** The request outlives the page (a last report as it is left): the body must be small. */
    keepalive?: boolean;
  };

/** The options argument may be left out only when the route needs neither params nor a body. */
type OptionsArgument<R extends RouteDefinition> =
  object extends ApiRequestOptions<R> ? [options?: ApiRequestOptions<R>] : [options: ApiRequestOptions<R>];

interface UntypedOptions {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  keepalive?: boolean;
}

/**
 * Calls an endpoint of the shared contract by name, typed from its schemas (types only: no validation code ships
 * to the browser). Sends cookies, JSON bodies as JSON and an upload's form data as multipart.
 */
export async function apiRequest<N extends RouteName>(
  name: N,
  ...[options]: OptionsArgument<Routes[N]>
): Promise<RouteResponse<Routes[N]>> {
  const route = endpoints[name];
  const { params, query, body, signal, keepalive } = (options ?? {}) as UntypedOptions;
  const init: RequestInit = { method: route.method, credentials: 'include', signal };
  if (keepalive) init.keepalive = true;
  if (body instanceof FormData) {
    // The browser sets the multipart Content-Type with its boundary.
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return (await send(urlOf(route.path, params, query), init)) as RouteResponse<Routes[N]>;
}

/**
 * The URL of an endpoint of the shared contract, with its params and query, for what the browser opens itself
 * (an EventSource) rather than through apiRequest.
 */
export function routeUrl<N extends RouteName>(
  name: N,
  options: { params?: RouteParams<Routes[N]>; query?: RouteQuery<Routes[N]> } = {},
): string {
  const { params, query } = options as Pick<UntypedOptions, 'params' | 'query'>;
  return urlOf(endpoints[name].path, params, query);
}

function urlOf(path: string, params: UntypedOptions['params'], query: UntypedOptions['query']): string {
  return buildPath(path, params) + toQueryString(query);
}

/** GETs a path and reads its JSON; what the default query function uses for a query key. */
export function getJson(path: string, signal?: AbortSignal): Promise<unknown> {
  return send(path, { method: 'GET', credentials: 'include', signal });
}

/**
 * Calls a path that the shared contract does not name yet, with an optional JSON body; errors are the same
 * `STATUS: body` ApiError as apiRequest's. Prefer apiRequest once the route is in the contract.
 */
export function requestJson(method: string, path: string, body?: unknown): Promise<unknown> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return send(path, init);
}

async function send(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const encoded = search.toString();
  return encoded ? `?${encoded}` : '';
}

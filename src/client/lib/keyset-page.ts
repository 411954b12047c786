import { infiniteQueryOptions } from '@tanstack/react-query';
import type { pageQuerySchema } from '@shared/contract/pagination';
import type { RouteName, RouteParams, RouteQuery, RouteResponse, Routes } from '@shared/contract/routes';
import { ApiError, routeUrl } from './api-client';
import { routeKey, type ParamsArgument } from './query-keys';

/** One page of a list: the body's items, and where the next page is (null on the last one). */
export interface KeysetPage<T> {
  items: T[];
  next: string | null;
}

/** The server's `X-Next-Cursor` header (src/shared/contract/pagination.ts, which the browser does not load). */
const NEXT_CURSOR_HEADER = 'x-next-cursor';

/**
 * Where the next page is, from the answer's headers: the `Link: <…>; rel="next"` target, or else the current URL
 * with `X-Next-Cursor` as its `cursor`. Null when neither is there (the last page).
 */
export function nextPageUrl(headers: Pick<Headers, 'get'>, currentUrl: string): string | null {
  const link = headers.get('link');
  if (link) {
    for (const part of link.split(',')) {
      const match = /^\s*<([^>]*)>(.*)$/.exec(part);
      const rel = match?.[2]
        ?.split(';')
        .map((parameter) => /^\s*rel\s*=\s*"?([^"]*)"?\s*$/i.exec(parameter)?.[1])
        .find((value) => value !== undefined);
      if (match && rel?.toLowerCase().split(/\s+/).includes('next')) return match[1] ?? null;
    }
  }
  const cursor = headers.get(NEXT_CURSOR_HEADER);
  if (!cursor) return null;
  const url = new URL(currentUrl, 'http://relative.invalid');
  url.searchParams.set('cursor', cursor);
  return url.origin === 'http://relative.invalid' ? `${url.pathname}${url.search}` : url.href;
}

/**
 * GETs one page of a keyset-paginated list (README "API conventions": the body is a plain JSON array, the next
 * page is in the `Link` header). Errors are the same `STATUS: body` ApiError the other calls throw (spec §8).
 */
export async function fetchKeysetPage<T>(url: string, signal?: AbortSignal): Promise<KeysetPage<T>> {
  const response = await fetch(url, { method: 'GET', credentials: 'include', signal });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
  const body: unknown = text ? JSON.parse(text) : [];
  return { items: Array.isArray(body) ? (body as T[]) : [], next: nextPageUrl(response.headers, url) };
}

/** The endpoints that answer a page of a list (README "API conventions"). */
type ListRouteName = {
  [N in RouteName]: Routes[N] extends { query: typeof pageQuerySchema } ? N : never;
}[RouteName];
type ListItem<N extends ListRouteName> = RouteResponse<Routes[N]>[number];

/** What a list may be narrowed by beyond its page (a person's posts: type, category). */
type ListFilters<N extends ListRouteName> = Omit<NonNullable<RouteQuery<Routes[N]>>, 'limit' | 'cursor'>;

type ListOptions<N extends ListRouteName> = (RouteParams<Routes[N]> extends undefined
  ? { params?: undefined }
  : { params: RouteParams<Routes[N]> }) & { limit?: number; filters?: ListFilters<N> };

/**
 * A list endpoint read a page at a time, following each answer's next link. Keyed by the endpoint's path (as
 * `routeKey`), then "pages", then the filters when there are any.
 */
export function keysetPagesOptions<N extends ListRouteName>(name: N, options: ListOptions<N>) {
  const { params, limit, filters } = options as { params?: never; limit?: number; filters?: object };
  const [path] = routeKey(name, ...([params] as ParamsArgument<N>));
  const query = { ...filters, ...(limit !== undefined && { limit }) };
  return infiniteQueryOptions({
    queryKey: filters && Object.keys(filters).length > 0 ? [path, 'pages', filters] : [path, 'pages'],
    queryFn: ({ pageParam, signal }) => fetchKeysetPage<ListItem<N>>(pageParam, signal),
    initialPageParam: routeUrl(name, {
      params,
      query: Object.keys(query).length ? query : undefined,
    } as never),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

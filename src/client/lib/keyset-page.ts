import { ApiError } from './api-client';

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

import { NEXT_CURSOR_HEADER } from '@shared/contract/pagination';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../db/pagination';

/** Plain path segments and a base64url cursor, which the URL parser would give back as they are. */
const PLAIN_PATH = /^(?:\/[\w-]+)+$/;
const PLAIN_CURSOR = /^[\w-]+$/;

/** The request's address with `cursor` in its query; the common first page's without parsing a URL. */
function nextPageAddress(url: string, cursor: string): string {
  if (PLAIN_PATH.test(url) && PLAIN_CURSOR.test(cursor)) return `${url}?cursor=${cursor}`;
  const next = new URL(url, 'http://placeholder');
  next.searchParams.set('cursor', cursor);
  return `${next.pathname}${next.search}`;
}

function linkNextPage(request: FastifyRequest, reply: FastifyReply, nextCursor: string | null): void {
  if (!nextCursor) return;
  reply.header('link', `<${nextPageAddress(request.url, nextCursor)}>; rel="next"`);
  reply.header(NEXT_CURSOR_HEADER, nextCursor);
}

/** Sends the page's items as the body and points at the next page in `Link` and `X-Next-Cursor`. */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  linkNextPage(request, reply, page.nextCursor);
  return page.items;
}

/** `sendPage` for a page already serialised by its presenter (a JSON string is sent as it is). */
export function sendSerializedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { json: string; nextCursor: string | null },
): FastifyReply {
  linkNextPage(request, reply, page.nextCursor);
  return reply.type('application/json; charset=utf-8').send(page.json);
}

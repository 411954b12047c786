import { NEXT_CURSOR_HEADER } from '@shared/contract/pagination';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../db/pagination';

function linkNextPage(request: FastifyRequest, reply: FastifyReply, nextCursor: string | null): void {
  if (!nextCursor) return;
  const next = new URL(request.url, 'http://placeholder');
  next.searchParams.set('cursor', nextCursor);
  reply.header('link', `<${next.pathname}${next.search}>; rel="next"`);
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

import { NEXT_CURSOR_HEADER } from '@shared/contract/pagination';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../db/pagination';

/** Sends the page's items as the body and points at the next page in `Link` and `X-Next-Cursor`. */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor) {
    const next = new URL(request.url, 'http://placeholder');
    next.searchParams.set('cursor', page.nextCursor);
    reply.header('link', `<${next.pathname}${next.search}>; rel="next"`);
    reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  }
  return page.items;
}

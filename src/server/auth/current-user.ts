import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { UnauthorizedError } from '../errors';
import { sessionTokenOf } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, or null; loaded for /api and /media requests only. */
    currentUser: UserRow | null;
  }
}

export function registerCurrentUser(
  app: FastifyInstance,
  context: Pick<AppContext, 'sessions' | 'users'>,
): void {
  app.decorateRequest('currentUser', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/media/')) return;
    const token = sessionTokenOf(request);
    if (!token) return;
    const userId = await context.sessions.resolve(token);
    request.currentUser = (userId && (await context.users.findUser(userId))) || null;
  });
}

/** The route's guard: only signed-in people get past it. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.currentUser) throw new UnauthorizedError();
}

/** For handlers behind requireUser. */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new UnauthorizedError();
  return request.currentUser;
}

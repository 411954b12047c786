import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { UnauthorizedError } from '../errors';
import { sessionTokenOf } from './session-cookie';
import type { SessionStore } from './session-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, or null; loaded for /api requests (media routes load it when they need it). */
    currentUser: UserRow | null;
  }
}

export async function loadCurrentUser(
  request: FastifyRequest,
  sessions: SessionStore,
): Promise<UserRow | null> {
  const token = sessionTokenOf(request);
  request.currentUser = (token && (await sessions.resolve(token))) || null;
  return request.currentUser;
}

export function registerCurrentUser(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest('currentUser', null);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) await loadCurrentUser(request, sessions);
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

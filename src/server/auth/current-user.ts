import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { UserRow } from '../db/schema';
import { UnauthorizedError } from '../errors';
import { sessionTokenOf } from './session-cookie';
import type { SessionStore } from './session-store';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in person, or null; loaded for /api requests (media routes load it when they need it). Reading it
     * marks the answer as the asker's own (see markPersonalAnswer).
     */
    currentUser: UserRow | null;
  }
}

const signedIn = Symbol('signed-in person');
const sessionRead = Symbol('session read');
interface SessionSlots {
  [signedIn]?: UserRow | null;
  [sessionRead]?: boolean;
}

export async function loadCurrentUser(
  request: FastifyRequest,
  sessions: SessionStore,
): Promise<UserRow | null> {
  const token = sessionTokenOf(request);
  const user = (token && (await sessions.resolve(token))) || null;
  request.currentUser = user;
  return user;
}

/**
 * An answer whose route read the session depends on who asks (a draft, a chat, a public post with the asker's
 * like): no cache may keep it or hand it to someone else. Routes that set their own Cache-Control (public media,
 * feeds, exports) keep it.
 */
function markPersonalAnswer(request: FastifyRequest, reply: FastifyReply): void {
  if (!(request as SessionSlots)[sessionRead] || reply.hasHeader('cache-control')) return;
  reply.header('cache-control', 'private, no-store');
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Cookie` : 'Cookie');
}

export function registerCurrentUser(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest('currentUser', {
    getter(this: FastifyRequest & SessionSlots) {
      this[sessionRead] = true;
      return this[signedIn] ?? null;
    },
    setter(this: FastifyRequest & SessionSlots, user: UserRow | null) {
      this[signedIn] = user;
    },
  });
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) await loadCurrentUser(request, sessions);
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    markPersonalAnswer(request, reply);
    done();
  });
}

/** The route's guard: only signed-in people get past it. */
export function requireUser(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  done(request.currentUser ? undefined : new UnauthorizedError());
}

/** For handlers behind requireUser. */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new UnauthorizedError();
  return request.currentUser;
}

import { routes } from '@shared/contract/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderLoginPage, renderSignOutPage, type LoginPageState } from '../auth/login-page';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../auth/session-cookie';
import type { AppContext } from '../context';
import { AppError, TooManyRequestsError } from '../errors';
import { contractRoute, type App } from '../http/app-types';
import { validationMessage } from '../http/error-handler';
import { rateLimit } from '../http/rate-limit';
import { addressBlock } from '../services/address-block';

/** The person signing in or up, as the account service gives them. */
type Account = Awaited<ReturnType<AppContext['accounts']['authenticate']>>;

function isFormPost(request: FastifyRequest): boolean {
  return request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
}

/** What the person typed, to fill the form again after an error (never the password). */
function typedFields(body: unknown): Pick<LoginPageState, 'email' | 'firstName' | 'lastName'> {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : undefined);
  return { email: text(fields.email), firstName: text(fields.firstName), lastName: text(fields.lastName) };
}

/**
 * A navigation the person started on this site, or by typing or a bookmark. A link on another site gives
 * `cross-site`, a sibling subdomain `same-site`; browsers too old to say give nothing.
 */
function isOwnNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}

function sendHtmlPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

function sendLoginPage(reply: FastifyReply, status: number, state: LoginPageState) {
  return sendHtmlPage(reply, status, renderLoginPage(state));
}

export function registerAuthRoutes(app: App, context: AppContext): void {
  // Each account costs a password hash, and sock puppets would make listens and trending cheap to inflate.
  const signups = context.config.signupsPerHourPerAddress;
  const limitSignups = rateLimit(context, {
    name: 'signup',
    limit: signups,
    windowSeconds: 60 * 60,
    key: (request) => (signups > 0 ? addressBlock(request.ip) : undefined),
    message: `Only ${signups} accounts can be made from one network in an hour. Please wait a while and try again.`,
  });

  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
    const previous = sessionTokenOf(request);
    if (previous) await context.sessions.destroy(previous);
    const session = await context.sessions.create(userId);
    setSessionCookie(request, reply, session.token, session.expiresAt);
  }

  /** Shared by sign-in and sign-up: JSON callers get JSON, HTML forms get a redirect or the page again. */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    mode: LoginPageState['mode'],
    act: () => Promise<Account>,
  ) {
    const form = isFormPost(request);
    if (request.validationError) {
      const message = validationMessage(request.validationError.validation);
      if (form) return sendLoginPage(reply, 400, { mode, error: message, ...typedFields(request.body) });
      return reply.code(400).send({ message });
    }
    try {
      const user = await act();
      await startSession(request, reply, user.id);
      if (form) return reply.redirect('/', 303);
      return context.users.currentUser(user);
    } catch (error) {
      if (form && error instanceof AppError) {
        if (error instanceof TooManyRequestsError) {
          reply.header('retry-after', String(error.retryAfterSeconds));
        }
        return sendLoginPage(reply, error.statusCode, {
          mode,
          error: error.message,
          ...typedFields(request.body),
        });
      }
      throw error;
    }
  }

  app.route({
    ...contractRoute(routes.signInPage),
    handler: async (request, reply) => {
      if (request.currentUser) return reply.redirect('/', 303);
      return sendLoginPage(reply, 200, { mode: request.query.mode });
    },
  });

  app.route({
    ...contractRoute(routes.register),
    attachValidation: true,
    handler: (request, reply) =>
      answer(request, reply, 'register', async () => {
        await limitSignups(request);
        return context.accounts.register(request.body);
      }),
  });

  app.route({
    ...contractRoute(routes.login),
    attachValidation: true,
    handler: (request, reply) =>
      answer(request, reply, 'signin', () =>
        context.accounts.authenticate(request.body.email, request.body.password, request.ip),
      ),
  });

  async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = sessionTokenOf(request);
    if (token) await context.sessions.destroy(token);
    clearSessionCookie(request, reply);
    reply.header('cache-control', 'no-store');
  }

  app.route({
    ...contractRoute(routes.logout),
    handler: async (request, reply) => {
      await endSession(request, reply);
      if (isFormPost(request)) return reply.redirect('/', 303);
      return { signedOut: true as const };
    },
  });

  // Spec §2: Sign Out is a full page load. The same-origin guard lets every GET through and the SameSite=Lax
  // cookie comes along on a link from any site, so only the person's own navigations sign out at once.
  app.route({
    ...contractRoute(routes.signOutPage),
    handler: async (request, reply) => {
      if (!isOwnNavigation(request)) return sendHtmlPage(reply, 200, renderSignOutPage());
      await endSession(request, reply);
      return reply.redirect('/');
    },
  });

  // A signed-out visitor's page asks this on every load: `null` for them, so their console shows no failed request.
  app.route({
    ...contractRoute(routes.currentUser),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return request.currentUser ? context.users.currentUser(request.currentUser) : null;
    },
  });
}

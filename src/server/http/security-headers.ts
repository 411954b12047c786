import { endpoints } from '@shared/contract/endpoints';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The embeddable player's route: the only one whose pages other sites may put in a frame. Its route, not a path
 * prefix: any other address under /embed/ gets the app's own page, which no site may frame.
 */
const FRAMABLE_ROUTE = endpoints.embedPlayer.path;

export interface ContentSecurityPolicies {
  /** For every answer but the framable ones. */
  standard: string;
  /** The same, but any site may frame the page. */
  framable: string;
}

/**
 * A policy goes on every answer, so every HTML page (the app, the sign-in page) carries it. Nothing may be framed
 * (frame-ancestors 'none' and X-Frame-Options DENY) but the embeddable player, which any site may frame. Like every
 * hook that runs on each request, it is a callback hook: an async one costs each request a promise and a turn of the
 * microtask queue.
 */
export function registerSecurityHeaders(app: FastifyInstance, policies: ContentSecurityPolicies): void {
  const shared = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'microphone=(self), camera=(), geolocation=()',
  };
  const standard = { ...shared, 'content-security-policy': policies.standard, 'x-frame-options': 'DENY' };
  const framable = { ...shared, 'content-security-policy': policies.framable };
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.headers(request.routeOptions.url === FRAMABLE_ROUTE ? framable : standard);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    done();
  });
}

/**
 * Lets any site read this answer (web podcast players fetch a public post's chapters and transcript from their own
 * origin). Only for what anyone may fetch anyway: with `*` browsers send no cookies, and it never goes on a
 * private post's answer.
 */
export function allowAnySite(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
}

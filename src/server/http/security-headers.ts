import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * `contentSecurityPolicy` goes on every answer, so every HTML page (the app, the sign-in page) carries it. Like
 * every hook that runs on each request, it is a callback hook: an async one costs each request a promise and a
 * turn of the microtask queue.
 */
export function registerSecurityHeaders(app: FastifyInstance, contentSecurityPolicy: string): void {
  const headers = {
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'microphone=(self), camera=(), geolocation=()',
  };
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.headers(headers);
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

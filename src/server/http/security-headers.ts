import type { FastifyInstance, FastifyReply } from 'fastify';

/** `contentSecurityPolicy` goes on every answer, so every HTML page (the app, the sign-in page) carries it. */
export function registerSecurityHeaders(app: FastifyInstance, contentSecurityPolicy: string): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('content-security-policy', contentSecurityPolicy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'microphone=(self), camera=(), geolocation=()');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
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

import type { FastifyInstance } from 'fastify';

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

import { endpoints } from '@shared/contract/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A share sheet's POST names no site of ours by design; its route tells the share sheet from a site itself. */
const CROSS_SITE_PATHS = new Set<string>([endpoints.shareTarget.path]);
const CROSS_SITE_MESSAGE = 'Requests from other sites are not allowed. Open the app itself and try again.';

export function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

function isCrossSite(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method) || CROSS_SITE_PATHS.has(request.routeOptions.url ?? '')) return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return originHost(origin) !== request.host;
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/**
 * Refuses state-changing requests that another site started (CSRF), on top of SameSite=Lax cookies. Browsers
 * send Origin on cross-site POSTs; Sec-Fetch-Site covers the rest. Non-browser clients send neither.
 */
export function registerSameOriginGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(isCrossSite(request) ? new ForbiddenError(CROSS_SITE_MESSAGE) : undefined);
  });
}

import { routes } from '@shared/contract/routes';
import { shareLandingPath } from '@shared/domain/share-target';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../errors';
import { contractRoute, type App } from '../http/app-types';
import { originHost } from '../http/same-origin';

const FOREIGN_SHARE_MESSAGE = "Earshot takes shared audio only from your device's share sheet.";

/**
 * The share sheet is the browser's own: it says `Sec-Fetch-Site: none` and names no origin (or `null`). A form on
 * another site that posts here says `cross-site` (or `same-site`) and names its origin.
 */
function isFromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const { origin } = request.headers;
  return origin !== undefined && origin !== 'null' && originHost(origin) !== request.host;
}

/**
 * The share sheet posts its file here; the service worker answers it in the browser. Without a worker (a first
 * visit, an evicted worker) the file cannot be kept for the recorder, so the body is left unread (the unread-body
 * hook drops it, bounded in time) and the person is sent home, where the app asks them to share again. A form
 * another site posts is refused, as the worker refuses it.
 */
export function registerShareTargetRoutes(app: App): void {
  void app.register(async (shares) => {
    shares.removeAllContentTypeParsers();
    shares.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    shares.route({
      ...contractRoute(routes.shareTarget),
      handler: (request, reply) => {
        if (isFromAnotherSite(request)) throw new ForbiddenError(FOREIGN_SHARE_MESSAGE);
        return reply.redirect(shareLandingPath('unavailable'), 303);
      },
    });
  });
}

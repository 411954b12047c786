import { routes } from '@shared/contract/routes';
import { shareLandingPath } from '@shared/domain/share-target';
import { contractRoute, type App } from '../http/app-types';

/**
 * The share sheet posts its file here; the service worker answers it in the browser. Without a worker (a first
 * visit, an evicted worker) the file cannot be kept for the recorder, so the body is left unread (the unread-body
 * hook drops it, bounded in time) and the person is sent home, where the app asks them to share again.
 */
export function registerShareTargetRoutes(app: App): void {
  void app.register(async (shares) => {
    shares.removeAllContentTypeParsers();
    shares.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    shares.route({
      ...contractRoute(routes.shareTarget),
      handler: (_request, reply) => reply.redirect(shareLandingPath('unavailable'), 303),
    });
  });
}

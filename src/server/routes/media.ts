import { routes } from '@shared/contract/routes';
import type { FastifyRequest } from 'fastify';
import { actorWithRole } from '../access/policy';
import { loadCurrentUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';
import { sendStoredMedia } from '../http/media-files';

/** Media answers exactly as the record it belongs to: a private item's files are not there for anyone else. */
export function registerMediaRoutes(app: App, context: AppContext): void {
  const { storage } = context.config;
  const sending = { redirectPublic: storage.kind === 's3' && storage.redirectPublicMedia };
  // Media routes are outside /api, so the session is loaded only when the media turns out to be private.
  const actor = (request: FastifyRequest) => async () =>
    actorWithRole(await loadCurrentUser(request, context.sessions));

  // HEAD is declared rather than derived from GET, so Fastify keeps our Content-Length on it.
  app.route({
    ...contractRoute(routes.mediaAudio),
    method: ['GET', 'HEAD'],
    handler: async (request, reply) => {
      const { assetId, file } = request.params;
      const media = await context.media.audioFile(assetId, file, actor(request));
      return sendStoredMedia(reply, request, context.blobs, media, sending);
    },
  });

  app.route({
    ...contractRoute(routes.mediaImage),
    method: ['GET', 'HEAD'],
    handler: async (request, reply) => {
      const media = await context.media.imageFile(request.params.file, actor(request));
      return sendStoredMedia(reply, request, context.blobs, media, sending);
    },
  });
}

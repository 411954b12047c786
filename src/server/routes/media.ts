import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { loadCurrentUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { findAudioFiles, findImage } from '../db/queries/audio-assets';
import { NotFoundError } from '../errors';
import type { App } from '../http/app-types';
import { sendMedia } from '../http/media-files';

const MISSING = 'No media is at this address, or it is not shared with you.';
const idPattern = /^[0-9a-f-]{36}$/;

/** Media answers exactly as the record it belongs to: a private item's files are not there for anyone else. */
export function registerMediaRoutes(app: App, context: AppContext): void {
  // Public media, most requests, needs no session lookup; private media is for its owner alone.
  const mayView = async (request: FastifyRequest, media: { is_private: number; owner_id: string }) =>
    media.is_private === 0 || (await loadCurrentUser(request, context.sessions))?.id === media.owner_id;

  app.get(
    '/media/audio/:assetId/:file',
    { schema: { params: z.object({ assetId: z.string().regex(idPattern), file: z.string().max(40) }) } },
    async (request, reply) => {
      const asset = await findAudioFiles(context.db, request.params.assetId);
      if (!asset || !(await mayView(request, asset))) throw new NotFoundError(MISSING);
      const { file } = request.params;
      const stored = [
        { key: asset.original_key, mime: asset.original_mime },
        { key: asset.rendition_key, mime: asset.rendition_mime },
      ].find((candidate) => candidate.key?.endsWith(`/${file}`));
      if (!stored?.key || !stored.mime) throw new NotFoundError(MISSING);
      return sendMedia(reply, stored.key, stored.mime, asset.is_private === 0);
    },
  );

  app.get(
    '/media/images/:file',
    { schema: { params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.[a-z]{3,4}$/) }) } },
    async (request, reply) => {
      const image = await findImage(context.db, request.params.file.split('.')[0]!);
      if (
        !image ||
        !image.storage_key.endsWith(`/${request.params.file}`) ||
        !(await mayView(request, image))
      )
        throw new NotFoundError(MISSING);
      return sendMedia(reply, image.storage_key, image.mime, image.is_private === 0);
    },
  );
}

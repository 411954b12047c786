import { routes } from '@shared/contract/routes';
import { MAX_AUDIO_BYTES } from '@shared/domain/posts';
import { FOREIGN_SHARE_MESSAGE, shareLandingPath, type ShareOutcome } from '@shared/domain/share-target';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderForeignSharePage } from '../auth/login-page';
import { loadCurrentUser, requireUser, signedInUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { BadRequestError, PayloadTooLargeError } from '../errors';
import { contractRoute, type App } from '../http/app-types';
import { readMultipartUpload, type MultipartUpload } from '../http/multipart-upload';
import type { SharedAudio } from '../services/shared-audio';

const AUDIO_RULE = {
  maxBytes: MAX_AUDIO_BYTES,
  tooLargeMessage: 'Please share an audio file smaller than 100MB.',
};

/**
 * The browser's own share sheet opens the share target as a navigation nobody's page started: Fetch Metadata says
 * `Sec-Fetch-Site: none` for those alone (as for a typed address or a bookmark, which cannot post a file). A page's
 * form says `same-origin`, `same-site` or `cross-site` whatever referrer it withholds; a browser that sends no
 * Fetch Metadata cannot be told from such a page, and every browser with share targets sends it.
 */
const isFromTheShareSheet = (request: FastifyRequest) => request.headers['sec-fetch-site'] === 'none';

/** The share's file, or why there is none to keep. */
async function readShare(
  request: FastifyRequest,
  context: AppContext,
): Promise<MultipartUpload | ShareOutcome> {
  if (!request.isMultipart()) return 'none';
  try {
    return await readMultipartUpload(request, context.scratch, { audio: AUDIO_RULE });
  } catch (error) {
    if (error instanceof PayloadTooLargeError) return 'too-large';
    // A body cut off or malformed: the person is asked to share again, not shown an error in JSON.
    if (error instanceof BadRequestError) return 'none';
    throw error;
  }
}

/** The kept file as it came, named in X-File-Name; never kept by a cache (the answer reads the session). */
function sendKeptShare(reply: FastifyReply, kept: NonNullable<Awaited<ReturnType<SharedAudio['read']>>>) {
  return reply
    .headers({
      'content-type': kept.share.content_type,
      'content-length': kept.bytes.bytes,
      'x-file-name': encodeURIComponent(kept.share.file_name),
    })
    .send(kept.bytes.body);
}

/**
 * The share sheet posts its file here (the manifest's share_target). The server, which sees Fetch Metadata as no
 * service worker can, keeps it for the signed-in person (one share each, an hour at most, audio by its content) and
 * sends them to Home, where the recorder opens it. Anything else that posts here gets a page saying so, and nothing
 * is kept; the body it sent is left unread (the unread-body hook drops it, bounded in time).
 */
export function registerShareTargetRoutes(app: App, context: AppContext): void {
  const land = (reply: FastifyReply, outcome: ShareOutcome) => reply.redirect(shareLandingPath(outcome), 303);

  app.route({
    ...contractRoute(routes.shareTarget),
    handler: async (request, reply) => {
      if (!isFromTheShareSheet(request)) {
        return reply
          .code(403)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderForeignSharePage(FOREIGN_SHARE_MESSAGE));
      }
      const user = await loadCurrentUser(request, context.sessions);
      if (!user) return land(reply, 'unavailable');
      const share = await readShare(request, context);
      if (typeof share === 'string') return land(reply, share);
      try {
        const file = share.files.audio;
        if (!file) return land(reply, 'none');
        return land(reply, await context.sharedAudio.keep(user.id, file, share.fileNames.audio ?? ''));
      } finally {
        await share.discard();
      }
    },
  });

  app.route({
    ...contractRoute(routes.sharedAudio),
    preHandler: requireUser,
    handler: async (request, reply) => {
      const kept = await context.sharedAudio.read(signedInUser(request).id);
      if (!kept) return reply.code(404).send({ message: 'No shared audio is waiting for you.' });
      return sendKeptShare(reply, kept);
    },
  });

  app.route({
    ...contractRoute(routes.discardSharedAudio),
    preHandler: requireUser,
    handler: async (request) => {
      await context.sharedAudio.discard(signedInUser(request).id);
      return { discarded: true as const };
    },
  });
}

import { routes } from '@shared/contract/routes';
import { actorWithRole } from '../access/policy';
import { requireUser, signedInUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { BadRequestError } from '../errors';
import { contractRoute, type App } from '../http/app-types';
import { fileRulesFor, readMultipartUpload } from '../http/multipart-upload';

/** 30 s of uncompressed stereo WAV, as a browser may record it, with room to spare. */
const VOICE_BIO_MAX_BYTES = 20 * 1024 * 1024;

export function registerVoiceBioRoutes(app: App, context: AppContext): void {
  const rules = fileRulesFor(routes.uploadVoiceBio.multipart, {
    audio: { maxBytes: VOICE_BIO_MAX_BYTES, tooLargeMessage: 'Voice bios must be smaller than 20MB.' },
  });

  // Part of a public profile: anyone may hear it.
  app.route({
    ...contractRoute(routes.getVoiceBio),
    handler: (request) => context.voiceBios.get(actorWithRole(request.currentUser), request.params.userId),
  });

  app.route({
    ...contractRoute(routes.uploadVoiceBio),
    preHandler: requireUser,
    handler: async (request) => {
      const upload = await readMultipartUpload(request, context.scratch, rules);
      try {
        const audio = upload.files.voiceBio;
        if (!audio) throw new BadRequestError('Attach the recording as a file field named "voiceBio".');
        return await context.voiceBios.replace(signedInUser(request).id, audio);
      } finally {
        await upload.discard();
      }
    },
  });

  app.route({
    ...contractRoute(routes.deleteVoiceBio),
    preHandler: requireUser,
    handler: (request) => context.voiceBios.delete(signedInUser(request).id),
  });
}

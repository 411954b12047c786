import { routes } from '@shared/contract/routes';
import { requireUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { BadRequestError } from '../errors';
import { contractRoute, type App } from '../http/app-types';
import { analyseAudio } from '../media/audio-analysis';

const ANALYSIS_UPLOAD_LIMIT_BYTES = 100 * 1024 * 1024;

/** Helpers for tests and local development. Never registered when NODE_ENV=production. */
export function registerTestHelperRoutes(app: App, context: AppContext): void {
  app.route({
    ...contractRoute(routes.createFakeUser),
    preHandler: requireUser,
    handler: async (request, reply) => {
      const user = await context.accounts.createFakeUser();
      return reply.code(201).send({ user: await context.users.publicUser(user), posts: [] });
    },
  });

  // Proves the browser-to-server audio path end to end: the server decodes the upload and reports what it heard.
  app.post('/api/test/audio-analysis', { preHandler: requireUser }, async (request) => {
    const upload = await request.file({ limits: { fileSize: ANALYSIS_UPLOAD_LIMIT_BYTES, files: 1 } });
    if (!upload) throw new BadRequestError('Attach the audio as a file field named "audio".');
    return context.tempFiles.withUpload(
      upload.file,
      () => upload.file.truncated,
      (file) => analyseAudio(context.ffmpeg, file),
    );
  });
}

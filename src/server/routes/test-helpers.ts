import { endpoints } from '@shared/contract/endpoints';
import { routes } from '@shared/contract/routes';
import { MAX_AUDIO_BYTES } from '@shared/domain/posts';
import { requireUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { BadRequestError } from '../errors';
import { contractRoute, type App } from '../http/app-types';
import { readMultipartUpload } from '../http/multipart-upload';
import { readHead, sniffAudioFormat } from '../media/file-formats';
import { NotAudioError } from '../media/media-errors';

const toDb = (linear: number) => (linear > 0 ? Math.round(20 * Math.log10(linear) * 10) / 10 : null);

/** Helpers for the test suites: registered only when NODE_ENV=test, never for `npm start` or production. */
export function registerTestHelperRoutes(app: App, context: AppContext): void {
  app.route({
    ...contractRoute(routes.createFakeUser),
    preHandler: requireUser,
    handler: async () => {
      const user = await context.accounts.createFakeUser();
      return { user: await context.users.publicUser(user), posts: [] };
    },
  });

  // Proves the browser-to-server audio path end to end: the server decodes the upload and reports what it heard.
  app.post(endpoints.testAudioAnalysis.path, { preHandler: requireUser }, async (request) => {
    const upload = await readMultipartUpload(request, context.scratch, {
      audio: { maxBytes: MAX_AUDIO_BYTES, tooLargeMessage: 'The file is too large.' },
    });
    try {
      const audio = upload.files.audio;
      if (!audio) throw new BadRequestError('Attach the audio as a file field named "audio".');
      const format = sniffAudioFormat(await readHead(audio.path));
      if (!format) throw new NotAudioError();
      const analysis = await context.ffmpeg.analyse([{ file: audio.path, format }]);
      return {
        durationSeconds: analysis.durationSeconds,
        peakDb: toDb(analysis.peak),
        loudnessLufs: analysis.loudnessLufs,
      };
    } finally {
      await upload.discard();
    }
  });
}

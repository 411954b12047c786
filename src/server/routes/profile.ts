import { routes } from '@shared/contract/routes';
import { MAX_IMAGE_BYTES } from '@shared/domain/posts';
import { COVER_IMAGE_TOO_LARGE_MESSAGE, PROFILE_IMAGE_TOO_LARGE_MESSAGE } from '@shared/domain/profile';
import { requireUser, signedInUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { BadRequestError } from '../errors';
import { contractRoute, type App } from '../http/app-types';
import { readMultipartUpload, type FileFieldRule } from '../http/multipart-upload';

const PICTURE_RULES: Record<keyof typeof routes.updateProfile.multipart.files, FileFieldRule> = {
  profileImage: { maxBytes: MAX_IMAGE_BYTES, tooLargeMessage: PROFILE_IMAGE_TOO_LARGE_MESSAGE },
  coverImage: { maxBytes: MAX_IMAGE_BYTES, tooLargeMessage: COVER_IMAGE_TOO_LARGE_MESSAGE },
};

/** Spec §7: a person edits their own profile, always the signed-in one (the paths name nobody else). */
export function registerProfileRoutes(app: App, context: AppContext): void {
  app.route({
    ...contractRoute(routes.updateProfile),
    preHandler: requireUser,
    handler: async (request) => {
      const userId = signedInUser(request).id;
      if (request.isMultipart()) {
        const upload = await readMultipartUpload(request, context.scratch, PICTURE_RULES);
        try {
          return await context.profiles.update(userId, upload);
        } finally {
          await upload.discard();
        }
      }
      if (request.mediaType !== 'application/json') {
        throw new BadRequestError('Send the profile as multipart/form-data, or the About fields as JSON.');
      }
      return context.profiles.updateAbout(userId, request.body);
    },
  });

  app.route({
    ...contractRoute(routes.updateSettings),
    preHandler: requireUser,
    handler: (request) => context.profiles.updateSettings(signedInUser(request).id, request.body),
  });

  app.route({
    ...contractRoute(routes.updateProfileImagePosition),
    preHandler: requireUser,
    handler: (request) => context.profiles.setImagePosition(signedInUser(request).id, request.body),
  });
}

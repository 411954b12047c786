import { autosaveFieldsSchema } from '@shared/contract/posts';
import { routes } from '@shared/contract/routes';
import { MAX_AUDIO_BYTES, MAX_IMAGE_BYTES } from '@shared/domain/posts';
import type { FastifyRequest } from 'fastify';
import { requireUser, signedInUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { BadRequestError } from '../errors';
import { contractRoute, type App } from '../http/app-types';
import { readMultipartUpload, type FileFieldRule } from '../http/multipart-upload';
import { sendSerializedPage } from '../http/pagination';
import type { PostUpload } from '../services/post-service';

const AUDIO_RULE: FileFieldRule = {
  maxBytes: MAX_AUDIO_BYTES,
  tooLargeMessage: 'Please select an audio file smaller than 100MB.',
};
const PHOTO_RULE: FileFieldRule = {
  maxBytes: MAX_IMAGE_BYTES,
  tooLargeMessage: 'Photos must be smaller than 10MB.',
};

export function registerPostRoutes(app: App, context: AppContext): void {
  /** Streams the upload to temp files, hands it to `use`, and removes whatever `use` did not keep. */
  async function withUpload<T>(request: FastifyRequest, use: (upload: PostUpload) => Promise<T>): Promise<T> {
    const upload = await readMultipartUpload(request, context.blobs, {
      audio: AUDIO_RULE,
      photo: PHOTO_RULE,
    });
    try {
      return await use(upload);
    } finally {
      await upload.discard();
    }
  }

  const create = (asDiary: boolean) => async (request: FastifyRequest) =>
    withUpload(request, (upload) => context.posts.create(signedInUser(request).id, upload, asDiary));

  app.route({
    ...contractRoute(routes.createPost),
    preHandler: requireUser,
    handler: async (request, reply) => reply.code(201).send(await create(false)(request)),
  });
  app.route({
    ...contractRoute(routes.createDiaryEntry),
    preHandler: requireUser,
    handler: async (request, reply) => reply.code(201).send(await create(true)(request)),
  });

  app.route({
    ...contractRoute(routes.extendDraftPost),
    preHandler: requireUser,
    handler: (request) =>
      withUpload(request, (upload) =>
        context.posts.extend(signedInUser(request).id, request.params.id, upload),
      ),
  });
  app.route({
    ...contractRoute(routes.extendDraftDiaryEntry),
    preHandler: requireUser,
    handler: (request) =>
      withUpload(request, (upload) =>
        context.posts.extend(signedInUser(request).id, request.params.id, upload, { draftsOnly: true }),
      ),
  });
  app.route({
    ...contractRoute(routes.extendPost),
    preHandler: requireUser,
    handler: (request) =>
      withUpload(request, (upload) =>
        context.posts.extend(signedInUser(request).id, request.params.id, upload),
      ),
  });
  app.route({
    ...contractRoute(routes.editDraft),
    preHandler: requireUser,
    handler: (request) =>
      withUpload(request, (upload) => {
        const draftId = upload.fields.draftId;
        if (!draftId) throw new BadRequestError('Say which draft to save with a draftId field.');
        return context.posts.replaceDraft(signedInUser(request).id, draftId, upload);
      }),
  });

  app.route({
    ...contractRoute(routes.autosaveChunk),
    preHandler: [
      requireUser,
      (request) =>
        context.autosave.refuseOversizedChunk(
          signedInUser(request).id,
          Number(request.headers['content-length']) || undefined,
        ),
    ],
    handler: (request) =>
      withUpload(request, async (upload) => {
        const parsed = autosaveFieldsSchema.safeParse(upload.fields);
        if (!parsed.success)
          throw new BadRequestError(parsed.error.issues.map((issue) => issue.message).join(' '));
        if (!upload.files.audio) throw new BadRequestError('Attach the chunk as a file field named "audio".');
        const { savedAt } = await context.autosave.saveChunk(
          signedInUser(request).id,
          parsed.data,
          upload.files.audio,
        );
        return { sessionId: parsed.data.sessionId, chunkNumber: parsed.data.chunkNumber, savedAt };
      }),
  });

  app.route({
    ...contractRoute(routes.discardAutosave),
    preHandler: requireUser,
    handler: async (request) => {
      await context.autosave.discard(signedInUser(request).id, request.params.sessionId);
      return { sessionId: request.params.sessionId };
    },
  });

  app.route({
    ...contractRoute(routes.feed),
    preHandler: requireUser,
    handler: async (request, reply) =>
      sendSerializedPage(
        request,
        reply,
        await context.posts.list(signedInUser(request).id, 'feed', request.query),
      ),
  });
  app.route({
    ...contractRoute(routes.listPosts),
    preHandler: requireUser,
    handler: async (request, reply) =>
      sendSerializedPage(
        request,
        reply,
        await context.posts.list(signedInUser(request).id, 'all', request.query),
      ),
  });
  app.route({
    ...contractRoute(routes.listUserPosts),
    preHandler: requireUser,
    handler: async (request, reply) =>
      sendSerializedPage(
        request,
        reply,
        await context.posts.list(signedInUser(request).id, { userId: request.params.userId }, request.query),
      ),
  });
  app.route({
    ...contractRoute(routes.listDrafts),
    preHandler: requireUser,
    handler: async (request, reply) =>
      sendSerializedPage(
        request,
        reply,
        await context.posts.list(signedInUser(request).id, 'drafts', request.query),
      ),
  });

  app.route({
    ...contractRoute(routes.updateChapters),
    preHandler: requireUser,
    handler: (request) =>
      context.posts.updateChapters(signedInUser(request).id, request.params.id, request.body.chapters),
  });

  // One post, for share links: public posts are open to signed-out visitors.
  app.route({
    ...contractRoute(routes.getPost),
    handler: (request) => context.posts.get(request.currentUser?.id, request.params.id),
  });
  app.route({
    ...contractRoute(routes.getPostPeaks),
    handler: (request) => context.posts.peaks(request.currentUser?.id, request.params.id),
  });

  app.route({
    ...contractRoute(routes.deletePost),
    preHandler: requireUser,
    handler: async (request) => {
      await context.posts.delete(signedInUser(request).id, request.params.id);
      return { id: request.params.id };
    },
  });
  app.route({
    ...contractRoute(routes.deleteDraft),
    preHandler: requireUser,
    handler: async (request) => {
      await context.posts.delete(signedInUser(request).id, request.params.id, { draftsOnly: true });
      return { id: request.params.id };
    },
  });
}

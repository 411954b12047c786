import { PODCAST_CHAPTERS_TYPE, PODCAST_TRANSCRIPT_TYPE } from '@shared/contract/podcast';
import { routes, type MultipartDefinition } from '@shared/contract/routes';
import { MAX_AUDIO_BYTES, MAX_IMAGE_BYTES } from '@shared/domain/posts';
import type { FastifyRequest } from 'fastify';
import { requireUser, signedInUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { BadRequestError, parseOrBadRequest } from '../errors';
import { contractRoute, type App } from '../http/app-types';
import { fileRulesFor, readMultipartUpload, type FileFieldRule } from '../http/multipart-upload';
import { sendSerializedPage } from '../http/pagination';
import { rateLimit } from '../http/rate-limit';
import { allowAnySite } from '../http/security-headers';
import type { Listener } from '../services/listen-service';
import type { PostUpload } from '../services/post-service';

const AUDIO_RULE: FileFieldRule = {
  maxBytes: MAX_AUDIO_BYTES,
  tooLargeMessage: 'Please select an audio file smaller than 100MB.',
};
const PHOTO_RULE: FileFieldRule = {
  maxBytes: MAX_IMAGE_BYTES,
  tooLargeMessage: 'Photos must be smaller than 10MB.',
};
const RULES = { audio: AUDIO_RULE, image: PHOTO_RULE };

const listenerOf = (request: FastifyRequest): Listener =>
  request.currentUser
    ? { userId: request.currentUser.id }
    : { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };

export function registerPostRoutes(app: App, context: AppContext): void {
  /**
   * Streams the files the route's contract names to temp files, hands the upload to `use`, and removes whatever
   * `use` did not keep.
   */
  async function withUpload<T>(
    multipart: MultipartDefinition,
    request: FastifyRequest,
    use: (upload: PostUpload) => Promise<T>,
  ): Promise<T> {
    const upload = await readMultipartUpload(request, context.scratch, fileRulesFor(multipart, RULES));
    try {
      return await use(upload);
    } finally {
      await upload.discard();
    }
  }

  const create = (multipart: MultipartDefinition, asDiary: boolean) => async (request: FastifyRequest) =>
    withUpload(multipart, request, (upload) =>
      context.posts.create(signedInUser(request).id, upload, asDiary),
    );

  app.route({
    ...contractRoute(routes.createPost),
    preHandler: requireUser,
    handler: create(routes.createPost.multipart, false),
  });
  app.route({
    ...contractRoute(routes.createDiaryEntry),
    preHandler: requireUser,
    handler: create(routes.createDiaryEntry.multipart, true),
  });

  app.route({
    ...contractRoute(routes.extendDraftPost),
    preHandler: requireUser,
    handler: (request) =>
      withUpload(routes.extendDraftPost.multipart, request, (upload) =>
        context.posts.extend(signedInUser(request).id, request.params.id, upload),
      ),
  });
  app.route({
    ...contractRoute(routes.extendDraftDiaryEntry),
    preHandler: requireUser,
    handler: (request) =>
      withUpload(routes.extendDraftDiaryEntry.multipart, request, (upload) =>
        context.posts.extend(signedInUser(request).id, request.params.id, upload, { draftsOnly: true }),
      ),
  });
  app.route({
    ...contractRoute(routes.extendPost),
    preHandler: requireUser,
    handler: (request) =>
      withUpload(routes.extendPost.multipart, request, (upload) =>
        context.posts.extend(signedInUser(request).id, request.params.id, upload),
      ),
  });
  app.route({
    ...contractRoute(routes.editDraft),
    preHandler: requireUser,
    handler: (request) =>
      withUpload(routes.editDraft.multipart, request, (upload) => {
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
      withUpload(routes.autosaveChunk.multipart, request, async (upload) => {
        const fields = parseOrBadRequest(routes.autosaveChunk.multipart.fields, upload.fields);
        if (!upload.files.audio) throw new BadRequestError('Attach the chunk as a file field named "audio".');
        const { savedAt } = await context.autosave.saveChunk(
          signedInUser(request).id,
          fields,
          upload.files.audio,
        );
        return { sessionId: fields.sessionId, chunkNumber: fields.chunkNumber, savedAt };
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
        await context.posts.list(
          signedInUser(request).id,
          { userId: request.params.userId, type: request.query.type, category: request.query.category },
          request.query,
        ),
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

  // The advanced editor: the draft's owner alone; anyone else, a visitor too, is told there is nothing here.
  const limitTakes = rateLimit(context, {
    name: 'draft-take',
    limit: 60,
    windowSeconds: 10 * 60,
    key: (request) => request.currentUser?.id,
    message:
      'You have recorded a lot in the editor in the last few minutes. Please wait a while and try again.',
  });
  app.route({
    ...contractRoute(routes.getDraftEdit),
    handler: (request) => context.draftEditor.get(request.currentUser?.id, request.params.id),
  });
  app.route({
    ...contractRoute(routes.addDraftTake),
    preHandler: [
      (request) => context.draftEditor.checkTakeAllowed(request.currentUser?.id, request.params.id),
      limitTakes,
    ],
    handler: (request) =>
      withUpload(routes.addDraftTake.multipart, request, (upload) =>
        context.draftEditor.addTake(signedInUser(request).id, request.params.id, upload.files.audio),
      ),
  });
  // Each save renders the whole draft again in one ffmpeg pass: plenty for saving as one works, never a flood.
  const limitEditSaves = rateLimit(context, {
    name: 'draft-edit-save',
    limit: 30,
    windowSeconds: 10 * 60,
    key: (request) => request.currentUser?.id,
    message: 'You have saved edits a lot in the last few minutes. Please wait a while and try again.',
  });
  app.route({
    ...contractRoute(routes.saveDraftEdit),
    preHandler: limitEditSaves,
    handler: (request) =>
      context.draftEditor.save(request.currentUser?.id, request.params.id, request.body.operations),
  });
  app.route({
    ...contractRoute(routes.getDraftSourcePeaks),
    handler: (request) =>
      context.draftEditor.peaks(request.currentUser?.id, request.params.id, request.params.source),
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
    ...contractRoute(routes.getPostChaptersJson),
    handler: async (request, reply) => {
      const chapters = await context.podcasts.chapters(request.currentUser?.id, request.params.id);
      if (chapters.isPublic) allowAnySite(reply);
      return reply.type(PODCAST_CHAPTERS_TYPE).send(chapters.body);
    },
  });
  app.route({
    ...contractRoute(routes.getPostTranscriptVtt),
    handler: async (request, reply) => {
      const vtt = await context.podcasts.transcript(request.currentUser?.id, request.params.id);
      if (vtt.isPublic) allowAnySite(reply);
      return reply.type(`${PODCAST_TRANSCRIPT_TYPE}; charset=utf-8`).send(vtt.body);
    },
  });
  app.route({
    ...contractRoute(routes.getPostTranscript),
    handler: (request) => context.transcriptTimes.transcript(request.currentUser?.id, request.params.id),
  });
  app.route({
    ...contractRoute(routes.getPostPeaks),
    handler: (request) => context.posts.peaks(request.currentUser?.id, request.params.id),
  });

  // A player reports a play every little while; far more than that is a script, not a listener.
  const limitListens = rateLimit(context, {
    name: 'listen',
    limit: 120,
    windowSeconds: 10 * 60,
    key: (request) => context.listens.limitKey(listenerOf(request)),
    message: 'Too many listens were reported from you in the last few minutes. Please wait a while.',
  });
  // Beyond the spec: signed-out visitors' plays count too, keyed so that no address is kept.
  app.route({
    ...contractRoute(routes.recordListen),
    preHandler: limitListens,
    handler: async (request) => {
      const counted = await context.listens.record(
        listenerOf(request),
        request.params.id,
        request.body.seconds,
      );
      return { postId: request.params.id, counted };
    },
  });

  // A player saves where it stands every few seconds while it plays.
  const limitListeningSaves = rateLimit(context, {
    name: 'listening-position',
    limit: 360,
    windowSeconds: 10 * 60,
    key: (request) => request.currentUser?.id,
    message: 'Where you stopped listening was saved too often in the last few minutes. Please wait a while.',
  });
  app.route({
    ...contractRoute(routes.saveListening),
    preHandler: [requireUser, limitListeningSaves],
    handler: (request) =>
      context.listening.save(signedInUser(request).id, request.params.id, request.body.at),
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

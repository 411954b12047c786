import { routes } from '@shared/contract/routes';
import { conversationRecordingFieldsSchema } from '@shared/contract/conversations';
import { CONVERSATIONS_STARTED_PER_HOUR, MESSAGE_MAX_BYTES } from '@shared/domain/conversations';
import { requireUser, signedInUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { parseOrBadRequest } from '../errors';
import { contractRoute, type App } from '../http/app-types';
import { fileRulesFor, readMultipartUpload } from '../http/multipart-upload';
import { sendPage } from '../http/pagination';
import { rateLimit } from '../http/rate-limit';

/** Spec §7 conversation calls: every one for signed-in members; anyone else learns nothing (404 as for nothing). */
export function registerConversationRoutes(app: App, context: AppContext): void {
  const { conversations } = context;
  const rules = fileRulesFor(routes.sendConversationRecording.multipart, {
    audio: {
      maxBytes: MESSAGE_MAX_BYTES,
      tooLargeMessage: `Voice messages must be smaller than ${MESSAGE_MAX_BYTES / (1024 * 1024)}MB.`,
    },
  });
  // Like voice comments, every attempt counts and a throttled one is refused before its body; per person, since
  // only members send, and enough for a lively chat.
  const limitMessages = rateLimit(context, {
    name: 'conversation-message',
    limit: 60,
    windowSeconds: 10 * 60,
    key: (request) => request.currentUser?.id,
    message:
      'You have sent a lot of voice messages in the last few minutes. Please wait a while and try again.',
  });
  // Each post joins up to hundreds of files in one ffmpeg pass: a few an hour is plenty for anyone.
  const limitPublishing = rateLimit(context, {
    name: 'conversation-publish',
    limit: 10,
    windowSeconds: 60 * 60,
    key: (request) => request.currentUser?.id,
    message: 'You have posted a lot of conversations in the last hour. Please wait a while and try again.',
  });

  // Starting a conversation pulls others in (issue 25: one person put the same victim in 30 groups).
  const limitStarts = rateLimit(context, {
    name: 'conversation-start',
    limit: CONVERSATIONS_STARTED_PER_HOUR,
    windowSeconds: 60 * 60,
    key: (request) => request.currentUser?.id,
    message: 'You have started a lot of conversations in the last hour. Please wait a while and try again.',
  });

  app.route({
    ...contractRoute(routes.listConversations),
    preHandler: requireUser,
    handler: async (request, reply) =>
      sendPage(
        request,
        reply,
        await conversations.list(signedInUser(request).id, request.query, request.query.type),
      ),
  });

  app.route({
    ...contractRoute(routes.unreadConversations),
    preHandler: requireUser,
    handler: async (request) => ({ count: await conversations.unreadCount(signedInUser(request).id) }),
  });

  app.route({
    ...contractRoute(routes.getConversation),
    preHandler: requireUser,
    handler: (request) => conversations.get(signedInUser(request).id, request.params.id),
  });

  app.route({
    ...contractRoute(routes.createConversation),
    preHandler: [requireUser, limitStarts],
    handler: async (request, reply) => {
      const { conversation, created } = await conversations.create(signedInUser(request).id, request.body);
      if (!created) reply.code(200);
      return conversation;
    },
  });

  app.route({
    ...contractRoute(routes.addConversationMembers),
    preHandler: requireUser,
    handler: (request) =>
      conversations.addPeople(signedInUser(request).id, request.params.id, request.body.userIds),
  });

  app.route({
    ...contractRoute(routes.leaveConversation),
    preHandler: requireUser,
    handler: async (request) => {
      await conversations.leave(signedInUser(request).id, request.params.id);
      return { id: request.params.id };
    },
  });

  app.route({
    ...contractRoute(routes.listConversationRecordings),
    preHandler: requireUser,
    handler: async (request, reply) =>
      sendPage(
        request,
        reply,
        await conversations.listRecordings(signedInUser(request).id, request.params.id, request.query),
      ),
  });

  app.route({
    ...contractRoute(routes.sendConversationRecording),
    preHandler: [requireUser, limitMessages],
    handler: async (request) => {
      const userId = signedInUser(request).id;
      // Whether this person may send here is settled before a byte of their audio is taken.
      await conversations.admitRecording(userId, request.params.id);
      const upload = await readMultipartUpload(request, context.scratch, rules);
      try {
        const fields = parseOrBadRequest(conversationRecordingFieldsSchema, upload.fields);
        return await conversations.send(userId, request.params.id, upload.files.audio, fields);
      } finally {
        await upload.discard();
      }
    },
  });

  app.route({
    ...contractRoute(routes.deleteConversationRecording),
    preHandler: requireUser,
    handler: async (request) => {
      await conversations.deleteRecording(signedInUser(request).id, request.params.id);
      return { id: request.params.id };
    },
  });

  app.route({
    ...contractRoute(routes.publishConversation),
    preHandler: [requireUser, limitPublishing],
    handler: (request) => context.conversationPosts.publish(signedInUser(request).id, request.params.id),
  });

  app.route({
    ...contractRoute(routes.getPublishRequest),
    preHandler: requireUser,
    handler: (request) =>
      context.conversationPosts.askingRequest(signedInUser(request).id, request.params.id),
  });

  app.route({
    ...contractRoute(routes.answerPublishRequest),
    preHandler: requireUser,
    handler: (request) =>
      context.conversationPosts.answer(signedInUser(request).id, request.params.id, request.body.answer),
  });

  app.route({
    ...contractRoute(routes.postPublishRequest),
    preHandler: [requireUser, limitPublishing],
    handler: (request) => context.conversationPosts.postNow(signedInUser(request).id, request.params.id),
  });

  app.route({
    ...contractRoute(routes.withdrawPublishRequest),
    preHandler: requireUser,
    handler: async (request) => {
      await context.conversationPosts.withdraw(signedInUser(request).id, request.params.id);
      return { id: request.params.id };
    },
  });
}

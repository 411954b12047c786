import { routes } from '@shared/contract/routes';
import { COMMENT_MAX_BYTES } from '@shared/domain/social';
import { actorOf, actorWithRole } from '../access/policy';
import { requireUser, signedInUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';
import { fileRulesFor, readMultipartUpload, type FileFieldRule } from '../http/multipart-upload';
import { sendPage } from '../http/pagination';
import { rateLimit } from '../http/rate-limit';
import { addressBlock } from '../services/address-block';
import type { CommentAdmission } from '../services/comment-service';

const COMMENT_AUDIO_RULE: FileFieldRule = {
  maxBytes: COMMENT_MAX_BYTES,
  tooLargeMessage: 'Voice comments must be smaller than 20MB.',
};

export function registerSocialRoutes(app: App, context: AppContext): void {
  const { reactions, follows, comments, notifications } = context;
  // Keyed by the visitor's address block (an IPv6 /64), so that hopping between its addresses gains nothing.
  const limitVisitorComments = rateLimit(context, {
    name: 'visitor-comment',
    limit: 5,
    windowSeconds: 10 * 60,
    key: (request) => (request.currentUser ? undefined : addressBlock(request.ip)),
    message:
      'You have tried to comment several times in the last few minutes. Please wait a while and try again.',
  });

  app.route({
    ...contractRoute(routes.like),
    preHandler: requireUser,
    handler: async (request) => {
      const status = await reactions.toggle(signedInUser(request).id, request.body.postId, 'like');
      return { liked: status.active, count: status.count };
    },
  });
  app.route({
    ...contractRoute(routes.likeStatus),
    handler: async (request) => {
      const status = await reactions.status(request.currentUser?.id, request.params.id, 'like');
      return { liked: status.active, count: status.count };
    },
  });
  app.route({
    ...contractRoute(routes.dislike),
    preHandler: requireUser,
    handler: async (request) => {
      const status = await reactions.toggle(signedInUser(request).id, request.body.postId, 'dislike');
      return { disliked: status.active, count: status.count };
    },
  });
  app.route({
    ...contractRoute(routes.dislikeStatus),
    handler: async (request) => {
      const status = await reactions.status(request.currentUser?.id, request.params.id, 'dislike');
      return { disliked: status.active, count: status.count };
    },
  });
  app.route({
    ...contractRoute(routes.repost),
    preHandler: requireUser,
    handler: async (request) => {
      const status = await reactions.toggleRepost(signedInUser(request).id, request.body.postId);
      return { reposted: status.active, count: status.count };
    },
  });
  app.route({
    ...contractRoute(routes.repostStatus),
    handler: async (request) => {
      const status = await reactions.repostStatus(request.currentUser?.id, request.params.id);
      return { reposted: status.active, count: status.count };
    },
  });

  app.route({
    ...contractRoute(routes.toggleFollow),
    preHandler: requireUser,
    handler: (request) => follows.toggle(signedInUser(request).id, request.body.followingId),
  });
  app.route({
    ...contractRoute(routes.followStatus),
    preHandler: requireUser,
    handler: (request) => follows.status(signedInUser(request).id, request.params.userId),
  });
  app.route({
    ...contractRoute(routes.followerCount),
    handler: (request) => follows.count(request.currentUser?.id, request.params.userId, 'followers'),
  });
  app.route({
    ...contractRoute(routes.followingCount),
    handler: (request) => follows.count(request.currentUser?.id, request.params.userId, 'following'),
  });
  app.route({
    ...contractRoute(routes.listFollowers),
    preHandler: requireUser,
    handler: async (request, reply) =>
      sendPage(
        request,
        reply,
        await follows.list(signedInUser(request).id, request.params.userId, 'followers', request.query),
      ),
  });
  app.route({
    ...contractRoute(routes.listFollowing),
    preHandler: requireUser,
    handler: async (request, reply) =>
      sendPage(
        request,
        reply,
        await follows.list(signedInUser(request).id, request.params.userId, 'following', request.query),
      ),
  });

  // Comments are open to signed-out visitors on public posts (spec §1, §5 Visitor comments).
  app.route({
    ...contractRoute(routes.listComments),
    handler: async (request, reply) =>
      sendPage(
        request,
        reply,
        await comments.list(actorWithRole(request.currentUser), request.params.id, request.query),
      ),
  });
  app.route({
    ...contractRoute(routes.createComment),
    // Every attempt of a visitor counts, whatever becomes of it, and a throttled one is refused before its body.
    preHandler: limitVisitorComments,
    handler: async (request) => {
      const commenter = actorOf(request.currentUser?.id);
      let admission: CommentAdmission | undefined;
      const upload = await readMultipartUpload(
        request,
        context.scratch,
        fileRulesFor(routes.createComment.multipart, { audio: COMMENT_AUDIO_RULE }),
        {
          // Sent first, the post settles whether this person may comment here before a byte of their audio is
          // taken. In the spec's order (audio, then postId and duration) the audio waits in scratch, under its
          // limit, until the form has ended, and goes if they may not.
          beforeFiles: async (fields) => {
            if (fields.postId) admission = await comments.admit(commenter, fields);
          },
        },
      );
      try {
        admission ??= await comments.admit(commenter, upload.fields);
        return await comments.create(admission, upload.files.audio, upload.fields);
      } finally {
        await upload.discard();
      }
    },
  });
  app.route({
    ...contractRoute(routes.deleteComment),
    preHandler: requireUser,
    handler: async (request) => {
      await comments.delete(signedInUser(request).id, request.params.id);
      return { id: request.params.id };
    },
  });

  app.route({
    ...contractRoute(routes.listNotifications),
    preHandler: requireUser,
    handler: async (request, reply) =>
      sendPage(request, reply, await notifications.list(signedInUser(request).id, request.query)),
  });
  app.route({
    ...contractRoute(routes.markNotificationsRead),
    preHandler: requireUser,
    handler: async (request) => ({
      updated: await notifications.markRead(signedInUser(request).id, request.body.ids),
    }),
  });
}

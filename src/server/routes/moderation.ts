import { routes } from '@shared/contract/routes';
import { actorWithRole } from '../access/policy';
import { requireUser, signedInUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';
import { sendPage } from '../http/pagination';
import { rateLimit } from '../http/rate-limit';

/** Reports (issue 17), visitor comments held for approval, and the moderators' screen. */
export function registerModerationRoutes(app: App, context: AppContext): void {
  const { moderation, comments, posts } = context;
  // Enough for someone working through a run of abuse; not enough to flood the moderators.
  const limitReports = rateLimit(context, {
    name: 'report',
    limit: 20,
    windowSeconds: 60 * 60,
    key: (request) => request.currentUser?.id,
    message: 'You have sent many reports in the last hour. Please wait a while before sending more.',
  });

  app.route({
    ...contractRoute(routes.report),
    preHandler: [requireUser, limitReports],
    handler: (request) => moderation.report(signedInUser(request).id, request.body),
  });
  app.route({
    ...contractRoute(routes.setVisitorCommentHold),
    preHandler: requireUser,
    handler: (request) =>
      posts.setVisitorCommentHold(signedInUser(request).id, request.params.id, request.body.hold),
  });
  app.route({
    ...contractRoute(routes.reviewComment),
    preHandler: requireUser,
    handler: (request) =>
      comments.review(actorWithRole(signedInUser(request)), request.params.id, request.body.decision),
  });

  app.route({
    ...contractRoute(routes.listModerationCases),
    preHandler: requireUser,
    handler: async (request, reply) =>
      sendPage(
        request,
        reply,
        await moderation.openCases(actorWithRole(signedInUser(request)), request.query),
      ),
  });
  app.route({
    ...contractRoute(routes.moderate),
    preHandler: requireUser,
    handler: (request) => moderation.act(actorWithRole(signedInUser(request)), request.body),
  });
  app.route({
    ...contractRoute(routes.listModerationLog),
    preHandler: requireUser,
    handler: async (request, reply) =>
      sendPage(request, reply, await moderation.log(actorWithRole(signedInUser(request)), request.query)),
  });

  app.route({
    ...contractRoute(routes.listDomainBlocks),
    preHandler: requireUser,
    handler: async (request, reply) =>
      sendPage(
        request,
        reply,
        await context.domainBlocks.list(actorWithRole(signedInUser(request)), request.query),
      ),
  });
  app.route({
    ...contractRoute(routes.blockDomain),
    preHandler: requireUser,
    handler: async (request, reply) => {
      const block = await context.domainBlocks.block(actorWithRole(signedInUser(request)), request.body);
      return reply.code(201).send(block);
    },
  });
  app.route({
    ...contractRoute(routes.unblockDomain),
    preHandler: requireUser,
    handler: async (request) => {
      await context.domainBlocks.unblock(actorWithRole(signedInUser(request)), request.params.domain);
      return { unblocked: true as const };
    },
  });
}

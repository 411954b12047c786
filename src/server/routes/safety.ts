import { routes } from '@shared/contract/routes';
import { requireUser, signedInUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';
import { sendPage } from '../http/pagination';
import { rateLimit } from '../http/rate-limit';

/** Blocking and muting (issue 17): each for the signed-in person alone, about someone else. */
export function registerSafetyRoutes(app: App, context: AppContext): void {
  const { safety } = context;
  // Each block and mute is left out of every list its owner reads: plenty for working through a pile-on, not a
  // script's worth.
  const limitOf = (verb: 'block' | 'mute') =>
    rateLimit(context, {
      name: verb,
      limit: 60,
      windowSeconds: 60 * 60,
      key: (request) => request.currentUser?.id,
      message: `You have used ${verb} many times in the last hour. Please wait a while and try again.`,
    });
  const [limitBlocks, limitMutes] = [limitOf('block'), limitOf('mute')];
  app.route({
    ...contractRoute(routes.blockUser),
    preHandler: [requireUser, limitBlocks],
    handler: (request) => safety.block(signedInUser(request).id, request.params.id),
  });
  app.route({
    ...contractRoute(routes.unblockUser),
    preHandler: requireUser,
    handler: (request) => safety.unblock(signedInUser(request).id, request.params.id),
  });
  app.route({
    ...contractRoute(routes.muteUser),
    preHandler: [requireUser, limitMutes],
    handler: (request) => safety.mute(signedInUser(request).id, request.params.id),
  });
  app.route({
    ...contractRoute(routes.unmuteUser),
    preHandler: requireUser,
    handler: (request) => safety.unmute(signedInUser(request).id, request.params.id),
  });
  app.route({
    ...contractRoute(routes.listBlockedUsers),
    preHandler: requireUser,
    handler: async (request, reply) =>
      sendPage(request, reply, await safety.blocked(signedInUser(request).id, request.query)),
  });
  app.route({
    ...contractRoute(routes.listMutedUsers),
    preHandler: requireUser,
    handler: async (request, reply) =>
      sendPage(request, reply, await safety.muted(signedInUser(request).id, request.query)),
  });
}

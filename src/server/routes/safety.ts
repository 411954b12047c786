import { routes } from '@shared/contract/routes';
import { requireUser, signedInUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';
import { sendPage } from '../http/pagination';

/** Blocking and muting (issue 17): each for the signed-in person alone, about someone else. */
export function registerSafetyRoutes(app: App, context: AppContext): void {
  const { safety } = context;
  app.route({
    ...contractRoute(routes.blockUser),
    preHandler: requireUser,
    handler: (request) => safety.block(signedInUser(request).id, request.params.id),
  });
  app.route({
    ...contractRoute(routes.unblockUser),
    preHandler: requireUser,
    handler: (request) => safety.unblock(signedInUser(request).id, request.params.id),
  });
  app.route({
    ...contractRoute(routes.muteUser),
    preHandler: requireUser,
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

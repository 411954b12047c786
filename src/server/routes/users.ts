import { routes } from '@shared/contract/routes';
import { requireUser, signedInUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';
import { sendPage } from '../http/pagination';

export function registerUserRoutes(app: App, context: AppContext): void {
  // Public profiles: post pages opened from a shared link show their author to signed-out visitors too.
  app.route({
    ...contractRoute(routes.getUser),
    handler: (request) => context.users.publicProfile(request.params.id),
  });

  app.route({
    ...contractRoute(routes.listUsers),
    preHandler: requireUser,
    handler: async (request, reply) => sendPage(request, reply, await context.users.list(request.query)),
  });

  app.route({
    ...contractRoute(routes.userStats),
    preHandler: requireUser,
    handler: (request) => context.stats.forUser(signedInUser(request).id, request.params.id),
  });
}

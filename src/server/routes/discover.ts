import { routes } from '@shared/contract/routes';
import { requireUser, signedInUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';
import { sendSerializedPage } from '../http/pagination';

/**
 * Spec §2 Discover. Trending is open to visitors, like search; who was active lately is for signed-in people only
 * (Discover is a signed-in screen), so no one can watch it from outside.
 */
export function registerDiscoverRoutes(app: App, context: AppContext): void {
  app.route({
    ...contractRoute(routes.trendingPosts),
    handler: async (request, reply) =>
      sendSerializedPage(
        request,
        reply,
        await context.discover.trending(request.currentUser?.id, request.query),
      ),
  });
  app.route({
    ...contractRoute(routes.activeUsers),
    preHandler: requireUser,
    handler: async (request) => context.discover.activeUsers(signedInUser(request).id, request.query.limit),
  });
}

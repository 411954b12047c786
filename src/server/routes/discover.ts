import { routes } from '@shared/contract/routes';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';
import { sendSerializedPage } from '../http/pagination';

/** Spec §2 Discover: open to visitors, who see the same public posts and people as anyone. */
export function registerDiscoverRoutes(app: App, context: AppContext): void {
  app.route({
    ...contractRoute(routes.trendingPosts),
    handler: async (request, reply) =>
      sendSerializedPage(request, reply, await context.discover.trending(request.query)),
  });
  app.route({
    ...contractRoute(routes.activeUsers),
    handler: async (request) => context.discover.activeUsers(request.currentUser?.id, request.query.limit),
  });
}

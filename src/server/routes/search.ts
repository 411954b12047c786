import { routes } from '@shared/contract/routes';
import { actorOf, can } from '../access/policy';
import { personResource } from '../access/resources';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';
import { sendPage, sendSerializedPage } from '../http/pagination';
import { toPublicUser } from '../services/user-presenter';

/**
 * Spec §7 search: open to visitors (who find public posts), like a shared post and its author. The query is typed
 * words in the path: control characters are dropped from it.
 */
export function registerSearchRoutes(app: App, context: AppContext): void {
  app.route({
    ...contractRoute(routes.searchPosts),
    config: { textParams: true },
    handler: async (request, reply) =>
      sendSerializedPage(
        request,
        reply,
        await context.search.posts(request.currentUser?.id, request.params.query, request.query),
      ),
  });
  app.route({
    ...contractRoute(routes.searchUsers),
    config: { textParams: true },
    handler: async (request, reply) => {
      // A signed-in person may find someone of another server by `@user@host` or their profile's address.
      const remote = request.currentUser && (await context.fediverse?.lookUp(request.params.query));
      if (remote && can(actorOf(request.currentUser?.id), 'view', personResource(remote.user))) {
        return [toPublicUser(remote.user)];
      }
      return sendPage(
        request,
        reply,
        await context.search.users(request.currentUser?.id, request.params.query, request.query),
      );
    },
  });
}

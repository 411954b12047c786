import { routes } from '@shared/contract/routes';
import { actorOf, can } from '../access/policy';
import { personResource } from '../access/resources';
import type { AppContext } from '../context';
import { namesRemotePerson } from '../federation/remote-people';
import { contractRoute, type App } from '../http/app-types';
import { sendPage, sendSerializedPage } from '../http/pagination';
import { rateLimit } from '../http/rate-limit';
import { toPublicUser } from '../services/user-presenter';

/** Lookups of people of other servers one person may make in a minute. */
export const REMOTE_LOOKUPS_PER_MINUTE = 10;

/**
 * Spec §7 search: open to visitors (who find public posts), like a shared post and its author. The query is typed
 * words in the path: control characters are dropped from it.
 */
export function registerSearchRoutes(app: App, context: AppContext): void {
  // Each lookup of someone of another server makes this server call theirs (WebFinger, their actor): a person
  // searching cannot make it call out faster than this.
  const limitRemoteLookups = rateLimit(context, {
    name: 'remote-lookup',
    limit: REMOTE_LOOKUPS_PER_MINUTE,
    windowSeconds: 60,
    key: (request) => {
      const { query } = request.params as { query: string };
      return context.fediverse && namesRemotePerson(query) ? request.currentUser?.id : undefined;
    },
    message: 'You have looked up many people of other servers in the last minute. Please wait a minute.',
  });
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
    preHandler: limitRemoteLookups,
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

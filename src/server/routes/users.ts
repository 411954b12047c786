import { PODCAST_FEED_TYPE } from '@shared/contract/podcast';
import { routes } from '@shared/contract/routes';
import { actorWithRole } from '../access/policy';
import { requireUser, signedInUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';
import { sendPage } from '../http/pagination';
import { publicOrigin } from '../http/public-origin';
import { matchesEntityTag } from '../http/conditional-request';

const FORWARDED_ORIGIN = 'Host, X-Forwarded-Host, X-Forwarded-Proto';

export function registerUserRoutes(app: App, context: AppContext): void {
  // Public profiles: post pages opened from a shared link show their author to signed-out visitors too.
  app.route({
    ...contractRoute(routes.getUser),
    handler: async (request) => {
      const viewer = request.currentUser;
      const profile = await context.users.publicProfile(request.params.id, actorWithRole(viewer));
      if (!viewer || viewer.id === profile.id) return profile;
      const { viewerBlocks, viewerMutes } = await context.safety.relation(viewer.id, profile.id);
      return { ...profile, viewerBlocks, viewerMutes };
    },
  });

  // Podcast apps fetch it signed out, and again and again: an unchanged feed answers 304.
  app.route({
    ...contractRoute(routes.podcastFeed),
    handler: async (request, reply) => {
      const { origin, fromRequest } = publicOrigin(request, context.config);
      const feed = await context.podcasts.feed(request.params.id, origin);
      void reply.header('ETag', feed.etag);
      // Links built from this request's Host must never be served by a shared cache to anyone else.
      if (fromRequest)
        void reply.header('Cache-Control', 'private, max-age=300').header('Vary', FORWARDED_ORIGIN);
      else void reply.header('Cache-Control', 'public, max-age=300');
      if (matchesEntityTag(request.headers, feed.etag)) return reply.code(304).send('');
      return reply.type(`${PODCAST_FEED_TYPE}; charset=utf-8`).send(feed.xml);
    },
  });

  app.route({
    ...contractRoute(routes.listUsers),
    preHandler: requireUser,
    handler: async (request, reply) =>
      sendPage(request, reply, await context.users.list(signedInUser(request).id, request.query)),
  });

  app.route({
    ...contractRoute(routes.userStats),
    preHandler: requireUser,
    handler: (request) => context.stats.forUser(actorWithRole(signedInUser(request)), request.params.id),
  });
}

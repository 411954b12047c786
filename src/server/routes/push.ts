import { PUSH_DEVICES_MAX } from '@shared/contract/push';
import { routes } from '@shared/contract/routes';
import { requireUser, signedInUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';
import { rateLimit } from '../http/rate-limit';

/** Web Push (issue 27): the key to subscribe with, the signed-in person's devices, and what pushes to them. */
export function registerPushRoutes(app: App, context: AppContext): void {
  const { pushDevices, vapidKeys } = context;
  // Each subscription looks its endpoint's host up: enough for every browser a person has, not a scan.
  const limitSubscribes = rateLimit(context, {
    name: 'push-subscribe',
    limit: 60,
    windowSeconds: 60 * 60,
    key: (request) => request.currentUser?.id,
    message:
      'You have turned notifications on many times in the last hour. Please wait a while and try again.',
  });
  app.route({
    ...contractRoute(routes.pushKey),
    handler: () => ({ publicKey: vapidKeys.publicKey }),
  });
  app.route({
    ...contractRoute(routes.subscribePush),
    preHandler: [requireUser, limitSubscribes],
    handler: async (request, reply) => {
      const { device, created } = await pushDevices.subscribe(signedInUser(request).id, request.body);
      if (!created) reply.code(200);
      return device;
    },
  });
  app.route({
    ...contractRoute(routes.listPushSubscriptions),
    preHandler: requireUser,
    handler: (request) =>
      pushDevices.list(signedInUser(request).id, {
        limit: request.query.limit ?? PUSH_DEVICES_MAX,
        cursor: request.query.cursor,
      }),
  });
  app.route({
    ...contractRoute(routes.deletePushSubscription),
    preHandler: requireUser,
    handler: async (request, reply) => {
      await pushDevices.remove(signedInUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...contractRoute(routes.pushPreferences),
    preHandler: requireUser,
    handler: (request) => pushDevices.preferences(signedInUser(request).id),
  });
  app.route({
    ...contractRoute(routes.updatePushPreferences),
    preHandler: requireUser,
    handler: (request) => pushDevices.updatePreferences(signedInUser(request).id, request.body),
  });
}

import { routes } from '@shared/contract/routes';
import type { AppContext } from '../context';
import { pingDatabase } from '../db/database';
import { contractRoute, type App } from '../http/app-types';

export function registerHealthRoutes(app: App, context: AppContext): void {
  app.route({
    ...contractRoute(routes.health),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await pingDatabase(context.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ message: 'The database is unreachable.' });
      }
      return { status: 'ok' as const };
    },
  });
}

import { healthSchema } from '@shared/contract/health';
import { routes } from '@shared/contract/routes';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';

export function registerHealthRoutes(app: App, context: AppContext): void {
  const route = contractRoute(routes.health);
  app.route({
    ...route,
    // Unavailable answers carry the whole report too, so an operator sees which part failed.
    schema: { ...route.schema, response: { ...route.schema.response, 503: healthSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const report = await context.health.report();
      return reply.code(report.status === 'ok' ? 200 : 503).send(report);
    },
  });
}

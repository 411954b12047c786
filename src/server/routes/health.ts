import { healthSchema } from '@shared/contract/health';
import { routes } from '@shared/contract/routes';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';

/** Probes come every few seconds from every balancer and supervisor: only their failures are worth a log line. */
const PROBE_LOG_LEVEL = 'warn';

export function registerHealthRoutes(app: App, context: AppContext): void {
  app.route({
    ...contractRoute(routes.healthLive),
    logLevel: PROBE_LOG_LEVEL,
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  });

  for (const definition of [routes.healthReady, routes.health]) {
    const route = contractRoute(definition);
    app.route({
      ...route,
      logLevel: PROBE_LOG_LEVEL,
      // Unavailable answers carry the whole report too, so an operator sees which part failed.
      schema: { ...route.schema, response: { ...route.schema.response, 503: healthSchema } },
      handler: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const report = await context.health.report();
        return reply.code(report.status === 'ok' ? 200 : 503).send(report);
      },
    });
  }
}

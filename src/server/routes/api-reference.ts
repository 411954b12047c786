import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { routes } from '@shared/contract/routes';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';
import { openApiDocument } from '../http/openapi';

/**
 * Made once in a process for each kind of server, since the contract it comes from never changes: each app built
 * (many in the test suites) would otherwise spend about 60 ms converting every route's schemas again.
 */
const documents = new Map<boolean, ReturnType<typeof openApiDocument>>();

function documentOf(withTestRoutes: boolean) {
  let document = documents.get(withTestRoutes);
  if (!document) {
    document = openApiDocument({ withTestRoutes });
    documents.set(withTestRoutes, document);
  }
  return document;
}

/**
 * The API's OpenAPI document and, at `apiReference`, Swagger UI reading it. Swagger UI ships its scripts and styles
 * in the package and has no inline script, so the page works offline under the app's Content-Security-Policy.
 */
export function registerApiReferenceRoutes(app: App, context: AppContext): void {
  const document = documentOf(context.config.environment === 'test');

  app.route({ ...contractRoute(routes.openApiDocument), handler: async () => document });

  void app.register(fastifySwagger, { mode: 'static', specification: { document } });
  void app.register(fastifySwaggerUi, {
    routePrefix: routes.apiReference.path,
    theme: { title: 'Earshot API reference' },
    // No top bar: it offers to load other documents, which the app's connect-src would refuse anyway.
    uiConfig: { layout: 'BaseLayout', docExpansion: 'list', deepLinking: true },
  });
}

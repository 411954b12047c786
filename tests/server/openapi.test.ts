import { routes, type RouteDefinition } from '@shared/contract/routes';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument } from '../../src/server/http/openapi';
import { registerRoutes } from '../../src/server/routes';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';

interface Operation {
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: object }>; headers?: object }>;
}
type Document = ReturnType<typeof openApiDocument>;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const operationOf = (document: Document, definition: RouteDefinition) =>
  document.paths[toOpenApiPath(definition.path)]?.[definition.method.toLowerCase()] as Operation | undefined;

const fetchDocument = async () => {
  const response = await testApp.app.inject({ url: routes.openApiDocument.path });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json<Document>();
};

describe(`the OpenAPI document on ${databaseKind}`, () => {
  it('is an OpenAPI 3.1 document with paths and named schemas', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(document.paths).length).toBeGreaterThan(0);
    expect(document.components.schemas).toHaveProperty('Error');
    expect(document.components.schemas).toHaveProperty('Post');
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)];
    for (const [, name] of refs) expect(document.components.schemas).toHaveProperty(name!);
  });

  it('has every contract route with its method, path, parameters, body and responses', async () => {
    const document = await fetchDocument();
    for (const [name, definition] of Object.entries(routes) as [string, RouteDefinition][]) {
      const operation = operationOf(document, definition);
      expect(operation, `${name}: ${definition.method} ${definition.path}`).toBeDefined();
      const pathParams = [...definition.path.matchAll(/:(\w+)/g)].map(([, param]) => param);
      expect(operation!.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? []).toEqual(
        pathParams,
      );
      if (definition.query)
        expect(
          operation!.parameters?.some((p) => p.in === 'query'),
          name,
        ).toBe(true);
      if (definition.body) {
        // An object, or one of several shapes (the picture position also takes older clients' offsets).
        const schema = operation!.requestBody?.content['application/json']?.schema as
          { type?: string; anyOf?: { type?: string }[] } | undefined;
        expect(schema?.anyOf?.map((shape) => shape.type) ?? [schema?.type], name).not.toContain(undefined);
      }
      if (definition.multipart) {
        expect(operation!.requestBody?.content['multipart/form-data']?.schema, name).toHaveProperty(
          'properties',
        );
      }
      const success = operation!.responses[definition.successStatus ?? 200];
      if (definition.successStatus === 302 || definition.successStatus === 303)
        expect(success?.headers, name).toHaveProperty('Location');
      else if (definition.successStatus === 204) expect(success, name).toEqual({ description: 'No content' });
      else
        expect(success?.content?.[definition.responseType ?? 'application/json']?.schema, name).toBeDefined();
      expect(operation!.responses['4XX']?.content?.['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/Error',
      });
    }
  });

  it('describes pages, streams and media by their media types, and sign-out as a redirect', async () => {
    const document = await fetchDocument();
    const successContent = (definition: RouteDefinition) =>
      Object.keys(operationOf(document, definition)!.responses['200']?.content ?? {});
    expect(successContent(routes.signInPage)).toEqual(['text/html']);
    expect(successContent(routes.events)).toEqual(['text/event-stream']);
    expect(successContent(routes.mediaAudio)).toEqual(['audio/*']);
    expect(successContent(routes.mediaImage)).toEqual(['image/*']);
    expect(operationOf(document, routes.signOutPage)!.responses['302']).toBeDefined();
  });

  it('lists the test-only routes only where the test helpers are on', async () => {
    expect(operationOf(await fetchDocument(), routes.createFakeUser)).toBeDefined();
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const response = await production.app.inject({ url: routes.openApiDocument.path });
      expect(operationOf(response.json(), routes.createFakeUser)).toBeUndefined();
      expect(operationOf(response.json(), routes.createPost)).toBeDefined();
    } finally {
      await production.close();
    }
  });

  it('describes a multipart upload by its fields and binary file parts', () => {
    const upload: RouteDefinition = {
      method: 'POST',
      path: '/api/uploads/:id',
      params: z.object({ id: z.string() }),
      multipart: {
        fields: z.object({ title: z.string().max(100), note: z.string().optional() }),
        files: { audio: { required: true, accepts: 'audio' }, photo: { required: false, accepts: 'image' } },
      },
      response: z.object({ id: z.string() }),
    };
    const document = openApiDocument({ withTestRoutes: false }, { upload });
    const body = operationOf(document, upload)!.requestBody!.content['multipart/form-data'];
    expect(body).toEqual({
      schema: {
        type: 'object',
        properties: {
          title: { type: 'string', maxLength: 100 },
          note: { type: 'string' },
          audio: { type: 'string', format: 'binary' },
          photo: { type: 'string', format: 'binary' },
        },
        required: ['title', 'audio'],
      },
      encoding: { audio: { contentType: 'audio/*' }, photo: { contentType: 'image/*' } },
    });
  });
});

describe(`the contract on ${databaseKind}`, () => {
  it('names every /api route the server registers, so none is missing from the document', async () => {
    const registered: string[] = [];
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('onRoute', ({ method, url }) => {
      for (const each of [method].flat()) if (each !== 'HEAD') registered.push(`${each} ${url}`);
    });
    registerRoutes(app as never, testApp.context);
    await app.ready();
    await app.close();
    const reference = `${routes.apiReference.path}/`;
    const apiRoutes = registered.filter((route) => {
      const url = route.split(' ')[1]!;
      return url.startsWith('/api/') && !url.startsWith(reference);
    });
    const inContract = new Set(Object.values(routes).map(({ method, path }) => `${method} ${path}`));
    expect(apiRoutes.length).toBeGreaterThan(40);
    expect(apiRoutes.filter((route) => !inContract.has(route))).toEqual([]);
  });
});

describe(`the API reference page on ${databaseKind}`, () => {
  it('is an HTML page whose scripts, styles and document all load from this server', async () => {
    const page = await testApp.app.inject({ url: routes.apiReference.path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The app's own policy, unchanged: the page has no inline script for it to block.
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);

    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url!);
    expect(assets.filter((url) => url.endsWith('.js')).length).toBeGreaterThanOrEqual(3);
    expect(assets.filter((url) => url.endsWith('.css')).length).toBeGreaterThanOrEqual(1);
    for (const url of assets) {
      expect(url, 'served from this server').toMatch(/^\//);
      const asset = await testApp.app.inject({ url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.body.length, url).toBeGreaterThan(0);
    }
    // Swagger UI reads the document from beside the page.
    const read = await testApp.app.inject({ url: `${routes.apiReference.path}/json` });
    expect(read.json()).toEqual(await fetchDocument());
  });
});

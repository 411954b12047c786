import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Files of the build the server reads but never serves: the embed's template, filled in per post (embed-page.ts). */
const SERVER_ONLY_FILES = ['embed.html'];

function wantsJson(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/media/');
}

const isServerOnly = (url: string) => SERVER_ONLY_FILES.includes(url.split('?')[0]!.slice(1));

const indexHtmlOf = (clientDir: string | undefined) =>
  clientDir === undefined ? undefined : path.join(clientDir, 'index.html');

/** The built app's page, to hash its inline scripts for the Content-Security-Policy; empty without a client. */
export async function clientPageHtml(clientDir: string | undefined): Promise<string> {
  const indexHtml = indexHtmlOf(clientDir);
  return indexHtml && existsSync(indexHtml) ? readFile(indexHtml, 'utf8') : '';
}

/**
 * A page that names one thing (a post, a person), with the `<head>` link previews read: the page's HTML for the
 * asker, given the app's own.
 */
export interface PageWithHead {
  path: string;
  render(request: FastifyRequest<{ Params: { id: string } }>, page: string): Promise<string>;
}

/**
 * Serves the built React app: hashed assets cached for a year, index.html for every other page path (the
 * client router decides what to show), and JSON 404s under /api and for the build's files that are the server's
 * alone. The pages of `pagesWithHead` get a head of their own, written for the asker, so no shared cache keeps them.
 */
export async function registerClientApp(
  app: FastifyInstance,
  clientDir: string | undefined,
  pagesWithHead: readonly PageWithHead[] = [],
): Promise<void> {
  const indexHtml = indexHtmlOf(clientDir);
  const hasClient = indexHtml !== undefined && existsSync(indexHtml);
  if (hasClient) {
    const page = await readFile(indexHtml, 'utf8');
    for (const { path: url, render } of pagesWithHead) {
      app.get<{ Params: { id: string } }>(url, async (request, reply) =>
        reply
          .header('cache-control', 'private, no-cache')
          .header('vary', 'Cookie')
          .type('text/html; charset=utf-8')
          .send(await render(request, page)),
      );
    }
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      globIgnore: SERVER_ONLY_FILES,
      setHeaders(response, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !wantsJson(request.url) &&
      !isServerOnly(request.url);
    if (hasClient && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', clientDir!);
    }
    return reply.code(404).send({ message: `Nothing is at ${request.method} ${request.url.split('?')[0]}.` });
  });
}

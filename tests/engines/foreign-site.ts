import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { embedIframeHtml } from '../../src/shared/domain/embed';

/** Loopback, as the app's server, but another host: another site to the browser. */
const FOREIGN_HOST = '127.0.0.2';

/**
 * Another site: a page on another host (127.0.0.2, where the app is 127.0.0.1) and port whose article frames a
 * post's player with the code the post menu's "Embed" copies.
 */
export async function startForeignSite(
  port: number,
  embedUrl: string,
  title: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A harbour blog</title>
<style>body{font:17px/1.6 Georgia,serif;max-width:640px;margin:40px auto;padding:0 16px;color:#222;background:#f4f1ea}</style>
</head><body><article><h1>Notes from the harbour</h1>
<p>This morning I recorded the boats going out. Have a listen:</p>
${embedIframeHtml(embedUrl, title)}
<p>More soon.</p></article></body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, FOREIGN_HOST, resolve);
  });
  return {
    url: `http://${FOREIGN_HOST}:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A browser keeps its connections open for the next page: that wait is not ours.
        server.closeAllConnections();
      }),
  };
}

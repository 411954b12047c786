import { randomBytes } from 'node:crypto';
import { readdir, readlink } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createContext, type AppContext } from '../../src/server/context';
import type { App } from '../../src/server/http/app-types';
import { readBlob } from '../../src/server/storage/blob-store';
import { streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, createTestConfig, databaseKind, type TestApp } from './support/test-app';
import { waitFor } from './support/waits';
import { originalAudioUrl, publishWebm } from './support/uploads';

let voice: Buffer;
beforeAll(async () => {
  voice = await streamedTone({ seconds: 2, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
});

async function publish(app: App, who: SignedIn): Promise<{ url: string; key: string }> {
  const url = originalAudioUrl(await publishWebm(app, who.cookie, voice));
  return { url, key: url.replace(/^\/media\//, '') };
}

describe(`serving stored media on ${databaseKind}`, () => {
  let testApp: TestApp;
  let listener: SignedIn;
  let media: { url: string; key: string };
  let stored: Buffer;
  beforeAll(async () => {
    testApp = await createTestApp();
    const author = await signUp(testApp.app);
    listener = await signUp(testApp.app);
    media = await publish(testApp.app, author);
    stored = await readBlob(testApp.context.blobs, media.key);
  });
  afterAll(() => testApp?.close());

  const request = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    testApp.app.inject({ method, url: media.url, headers: { ...headers, cookie: listener.cookie } });

  it('sends the whole object with its validators, its stored type and a year of caching', async () => {
    const whole = await request();
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(stored)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'audio/webm',
      'content-length': String(stored.length),
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: expect.stringMatching(/^"[^"]+"$/),
      'last-modified': expect.stringMatching(/GMT$/),
    });
  });

  it.each([
    { range: 'bytes=0-99', start: 0, end: 99 },
    { range: 'bytes=100-', start: 100, end: -1 },
    { range: 'bytes=-50', start: -50, end: -1 },
    { range: 'bytes=10-999999999', start: 10, end: -1 },
  ])('answers $range with 206 and exactly those bytes', async ({ range, start, end }) => {
    const first = start < 0 ? stored.length + start : start;
    const last = end < 0 ? stored.length + end : end;
    const partial = await request({ range });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes ${first}-${last}/${stored.length}`);
    expect(partial.headers['content-length']).toBe(String(last - first + 1));
    expect(partial.headers['content-type']).toBe('audio/webm');
    expect(partial.rawPayload.equals(stored.subarray(first, last + 1))).toBe(true);
  });

  it('answers 416 with the size for a range past the end', async () => {
    const refused = await request({ range: `bytes=${stored.length}-` });
    expect(refused.statusCode).toBe(416);
    expect(refused.headers['content-range']).toBe(`bytes */${stored.length}`);
    expect(refused.json()).toEqual({
      message: `The requested range is not within this file of ${stored.length} bytes.`,
    });
  });

  it.each(['bytes=0-1,5-6', 'bytes=zero-one', 'lines=1-2'])(
    'sends the whole object for a Range it does not take (%s)',
    async (range) => {
      const whole = await request({ range });
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(stored)).toBe(true);
    },
  );

  it('answers 304 to a client whose copy is current, by entity tag or by date', async () => {
    const { etag, 'last-modified': lastModified } = (await request()).headers;
    const current: Array<Record<string, string>> = [
      { 'if-none-match': String(etag) },
      { 'if-modified-since': String(lastModified) },
    ];
    for (const conditions of current) {
      const notModified = await request(conditions);
      expect(notModified.statusCode).toBe(304);
      expect(notModified.rawPayload).toHaveLength(0);
      expect(notModified.headers.etag).toBe(etag);
    }
    expect((await request({ 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('honours If-Range: the range while the object is unchanged, the whole object otherwise', async () => {
    const { etag } = (await request()).headers;
    const same = await request({ range: 'bytes=0-9', 'if-range': String(etag) });
    expect(same.statusCode).toBe(206);
    expect(same.rawPayload).toHaveLength(10);
    const changed = await request({ range: 'bytes=0-9', 'if-range': '"an-older-version"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(stored)).toBe(true);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await request({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(stored.length));
    expect(head.headers['content-type']).toBe('audio/webm');
    expect(head.rawPayload).toHaveLength(0);
    const partHead = await request({ range: 'bytes=0-99' }, 'HEAD');
    expect(partHead.statusCode).toBe(206);
    expect(partHead.headers['content-length']).toBe('100');
  });

  it('answers 404 in JSON when the row is there but the stored object is gone', async () => {
    const author = await signUp(testApp.app);
    const lost = await publish(testApp.app, author);
    await testApp.context.blobs.delete(lost.key);
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await testApp.app.inject({
        method,
        url: lost.url,
        headers: { cookie: author.cookie },
      });
      expect(response.statusCode, method).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBeUndefined();
    }
    const body = (await testApp.app.inject({ url: lost.url, headers: { cookie: author.cookie } })).json();
    expect(body).toEqual({ message: 'No media is at this address, or it is not shared with you.' });
  });
});

/** The files under `folder` this process holds open (Linux). */
async function openFilesUnder(folder: string): Promise<string[]> {
  const descriptors = await readdir('/proc/self/fd');
  const targets = await Promise.all(
    descriptors.map((fd) => readlink(path.join('/proc/self/fd', fd)).catch(() => '')),
  );
  return targets.filter((target) => target.startsWith(`${folder}${path.sep}`));
}

describe(`a download the client abandons, on ${databaseKind}`, () => {
  let app: App;
  let context: AppContext;
  let cleanup: () => Promise<void>;
  const logged: Array<{ level: number; msg: string }> = [];
  beforeAll(async () => {
    const test = await createTestConfig();
    cleanup = test.cleanup;
    context = await createContext(test.config);
    // The app's own logger, at info, into this list: what an operator would read.
    const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    app = await buildApp({ ...context, log });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await cleanup?.();
  });

  it('lets go of the stored object and logs no error', async () => {
    const author = await signUp(app);
    const media = await publish(app, author);
    // Large enough that the answer is still being written when the client goes.
    await context.blobs.put(media.key, randomBytes(16 * 1024 * 1024), { contentType: 'audio/webm' });
    const { port } = app.server.address() as AddressInfo;
    // A handle nobody closed is closed by the garbage collector, with a warning: that counts as a leak too.
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);

    await new Promise<void>((resolve, reject) => {
      const download = http.get(
        { port, host: '127.0.0.1', path: media.url, headers: { cookie: author.cookie } },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', () => {
            download.destroy();
            resolve();
          });
        },
      );
      download.on('error', (error) => {
        if (!download.destroyed) reject(error);
      });
    });

    // On the disk store the object is an open file until the server lets go of it.
    const mediaFolder = path.join(context.config.dataDir, 'media');
    await waitFor(
      async () =>
        logged.some((line) => line.msg === 'request completed') &&
        (await openFilesUnder(mediaFolder)).length === 0
          ? true
          : undefined,
      10_000,
      'the server to let go of the download',
    );
    process.off('warning', onWarning);
    expect(logged.filter((line) => line.level >= 40)).toEqual([]);
    expect(warnings.map((warning) => warning.message)).toEqual([]);
  });
});

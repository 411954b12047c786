import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_KEPT_MS } from '../../src/shared/domain/share-target';
import { sharesPrefixOf } from '../../src/server/services/shared-audio';
import { ffmpegOutput, multipartForm } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, storageKind, type TestApp } from './support/test-app';

let testApp: TestApp;
let port: number;
let tone: Buffer;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as net.AddressInfo).port;
  tone = await ffmpegOutput(['-f', 'lavfi', '-i', 'sine=frequency=330:duration=1', '-f', 'wav', '-']);
});
afterAll(() => testApp?.close());

const FROM_THE_SHARE_SHEET = { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' };

/** The share target's POST as a browser sends it, over a real socket: the file, and whatever headers it carries. */
async function share(
  who: SignedIn | undefined,
  headers: Record<string, string>,
  file: { content: Buffer; filename?: string; contentType?: string } = { content: tone },
) {
  const form = multipartForm({ title: 'Harbour' }, [
    {
      field: 'audio',
      filename: file.filename ?? 'Harbour sounds.m4a',
      contentType: file.contentType ?? 'application/octet-stream',
      content: file.content,
    },
  ]);
  return fetch(`http://127.0.0.1:${port}/share-target`, {
    method: 'POST',
    headers: { ...form.headers, ...headers, ...(who ? { cookie: who.cookie } : {}) },
    body: form.payload,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
}

const kept = (who: SignedIn) =>
  testApp.app.inject({ method: 'GET', url: '/api/shared-audio', headers: { cookie: who.cookie } });

async function storedShares(userId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of testApp.context.blobs.list(sharesPrefixOf(userId))) keys.push(key);
  return keys;
}

describe(`audio shared from the share sheet (${databaseKind}, ${storageKind} store)`, () => {
  it('is kept for the signed-in person alone, opened once, and then gone', async () => {
    const [ada, bob] = [await signUp(testApp.app), await signUp(testApp.app)];
    const response = await share(ada, FROM_THE_SHARE_SHEET);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/?shared=audio');

    expect((await kept(bob)).statusCode).toBe(404);
    const taken = await kept(ada);
    expect(taken.statusCode).toBe(200);
    expect(taken.headers['content-type']).toBe('audio/wav');
    expect(decodeURIComponent(String(taken.headers['x-file-name']))).toBe('Harbour sounds.m4a');
    expect(taken.headers['cache-control']).toBe('private, no-store');
    expect(taken.rawPayload.equals(tone)).toBe(true);

    const discarded = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/shared-audio',
      headers: { cookie: ada.cookie },
    });
    expect(discarded.json()).toEqual({ discarded: true });
    expect((await kept(ada)).statusCode).toBe(404);
    expect(await storedShares(ada.user.id)).toEqual([]);
  });

  it('keeps one share a person: a new one replaces the one before, its file too', async () => {
    const ada = await signUp(testApp.app);
    await share(ada, FROM_THE_SHARE_SHEET, { content: tone, filename: 'First.wav' });
    await share(ada, FROM_THE_SHARE_SHEET, { content: tone, filename: 'Second.wav' });
    expect(decodeURIComponent(String((await kept(ada)).headers['x-file-name']))).toBe('Second.wav');
    expect(await storedShares(ada.user.id)).toHaveLength(1);
  });

  it('keeps one share a person when several arrive at once, and no file of those it replaced', async () => {
    const ada = await signUp(testApp.app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        share(ada, FROM_THE_SHARE_SHEET, { content: tone, filename: `Take ${index}.wav` }),
      ),
    );
    expect(answers.map((answer) => answer.headers.get('location'))).toEqual(Array(6).fill('/?shared=audio'));
    expect(await storedShares(ada.user.id)).toHaveLength(1);
  });

  it('keeps only audio, by its content: a text file named .m4a is not kept', async () => {
    const ada = await signUp(testApp.app);
    const response = await share(ada, FROM_THE_SHARE_SHEET, {
      content: Buffer.from('not a sound at all, only words'),
      filename: 'Memo.m4a',
      contentType: 'audio/mp4',
    });
    expect(response.headers.get('location')).toBe('/?shared=not-audio');
    expect((await kept(ada)).statusCode).toBe(404);
    expect(await storedShares(ada.user.id)).toEqual([]);
  });

  it('says a file over 100 MB is too large before reading it, and keeps nothing', async () => {
    const ada = await signUp(testApp.app);
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/share-target',
        headers: {
          ...FROM_THE_SHARE_SHEET,
          cookie: ada.cookie,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(200 * 1024 * 1024),
        },
        timeout: 30_000,
      });
      request.on('response', resolve).on('error', reject);
      request.write('--x\r\n');
    });
    answer.destroy();
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/?shared=too-large');
    expect(await storedShares(ada.user.id)).toEqual([]);
  });

  it('asks for a share again when its body is cut off', async () => {
    const ada = await signUp(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/share-target',
      headers: {
        ...FROM_THE_SHARE_SHEET,
        cookie: ada.cookie,
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x\r\nContent-Disposition: form-data; name="audio"; filename="a.wav"\r\n\r\nRIFF',
    });
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe('/?shared=none');
    expect(await storedShares(ada.user.id)).toEqual([]);
  });

  it('asks for a share again when its form has more files than a share has', async () => {
    const ada = await signUp(testApp.app);
    const files = Array.from({ length: 3 }, () => ({
      field: 'audio',
      filename: 'a.wav',
      contentType: 'audio/wav',
      content: tone,
    }));
    const form = multipartForm({}, files);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/share-target',
      headers: { ...FROM_THE_SHARE_SHEET, ...form.headers, cookie: ada.cookie },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe('/?shared=none');
    expect(await storedShares(ada.user.id)).toEqual([]);
  });

  it('keeps nothing for nobody: signed out, the person is sent home to sign in and share again', async () => {
    const response = await share(undefined, FROM_THE_SHARE_SHEET);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/?shared=unavailable');
  });

  it('lets a share nobody took go after an hour, with any stored file no share holds', async () => {
    const ada = await signUp(testApp.app);
    await share(ada, FROM_THE_SHARE_SHEET);
    const orphan = `${sharesPrefixOf(ada.user.id)}left-by-a-keep-cut-short`;
    await testApp.context.blobs.put(orphan, tone, { contentType: 'audio/wav' });
    await testApp.context.sharedAudio.sweep(Date.now());
    expect((await kept(ada)).statusCode).toBe(200);
    expect(await storedShares(ada.user.id)).toHaveLength(2);

    await testApp.context.sharedAudio.sweep(Date.now() + SHARE_KEPT_MS + 1000);
    expect((await kept(ada)).statusCode).toBe(404);
    expect(await storedShares(ada.user.id)).toEqual([]);
  });

  it('goes with the account', async () => {
    const ada = await signUp(testApp.app);
    await share(ada, FROM_THE_SHARE_SHEET);
    expect(await storedShares(ada.user.id)).toHaveLength(1);
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie: ada.cookie },
      payload: { password: ada.password },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await storedShares(ada.user.id)).toEqual([]);
  });
});

describe(`a page that posts to the share target (${databaseKind})`, () => {
  it('is refused with a page saying so, whatever referrer it withholds, and nothing is kept', async () => {
    const ada = await signUp(testApp.app);
    const pages: Array<Record<string, string>> = [
      // A form on another site, one on a sibling subdomain, one on our own origin (no page of ours posts here).
      { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
      // A page with referrerpolicy="no-referrer" as an old browser sends it: no Fetch Metadata, no referrer.
      {},
    ];
    for (const headers of pages) {
      const response = await share(ada, headers);
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain(
        'Earshot takes shared audio only from your device&#39;s share sheet.',
      );
    }
    expect((await kept(ada)).statusCode).toBe(404);
    expect(await storedShares(ada.user.id)).toEqual([]);
  });
});

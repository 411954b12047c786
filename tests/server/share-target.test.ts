import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../support/audio';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';

let testApp: TestApp;
let port: number;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as net.AddressInfo).port;
});
afterAll(() => testApp?.close());

/** The share sheet's POST as a phone sends it: the file, from another app (cross-site), over a real socket. */
async function share(bytes: number, headers: Record<string, string> = {}) {
  const form = multipartForm({ title: 'Harbour' }, [
    { field: 'audio', filename: 'Harbour.m4a', contentType: 'audio/mp4', content: Buffer.alloc(bytes, 1) },
  ]);
  return fetch(`http://127.0.0.1:${port}/share-target`, {
    method: 'POST',
    headers: { ...form.headers, ...headers },
    body: form.payload,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
}

describe(`a share that no service worker took (${databaseKind})`, () => {
  it('sends the person home to share again, however large the file, from the share sheet of another app', async () => {
    for (const response of [
      await share(2_000, { 'sec-fetch-site': 'none' }),
      await share(3 * 1024 * 1024, { origin: 'null', 'sec-fetch-site': 'none' }),
    ]) {
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/?shared=unavailable');
    }
  });

  it('refuses a form another site posts here, however large its file', async () => {
    for (const response of [
      await share(2_000, { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' }),
      await share(3 * 1024 * 1024, { 'sec-fetch-site': 'same-site' }),
      await share(2_000, { origin: 'https://elsewhere.example' }),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        message: "Earshot takes shared audio only from your device's share sheet.",
      });
    }
  });

  it('answers a share with no body too', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/share-target' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/?shared=unavailable');
  });
});

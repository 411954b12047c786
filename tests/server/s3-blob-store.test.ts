import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { inspect } from 'node:util';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type S3StorageConfig } from '../../src/server/config';
import type { BlobStore } from '../../src/server/storage/blob-store';
import { createS3BlobStore, presignedMediaOrigins } from '../../src/server/storage/s3-blob-store';
import { streamedTone } from '../support/audio';
import { createTestBucket, s3Env, startS3TestServer, type S3TestServer } from '../support/s3-server';
import { describeBlobStoreContract } from './support/blob-store-contract';
import { signUp } from './support/accounts';
import { storedAudioAt } from './support/stored-objects';
import { createTestApp } from './support/test-app';
import { originalAudioUrl, publishWebm } from './support/uploads';

/** The store's settings exactly as an operator's environment gives them. */
function s3StorageFrom(env: Record<string, string>): S3StorageConfig {
  const { storage } = loadConfig(env);
  if (storage.kind !== 's3') throw new Error('expected S3 settings');
  return storage;
}

/** A port nothing listens on: taken from the system, then given back. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function firstListed(store: BlobStore, prefix: string) {
  return store.list(prefix)[Symbol.asyncIterator]().next();
}

let server: S3TestServer;
beforeAll(async () => {
  server = await startS3TestServer();
});
afterAll(() => server?.close());

describeBlobStoreContract('s3', async () => {
  const bucket = await createTestBucket(server.endpoint);
  return {
    store: createS3BlobStore(s3StorageFrom(s3Env(server.endpoint, bucket.name))),
    close: bucket.remove,
  };
});

describe('s3 blob store, beyond the contract', () => {
  let store: BlobStore;
  let removeBucket: () => Promise<void>;
  const audio = randomBytes(4096);

  beforeAll(async () => {
    const bucket = await createTestBucket(server.endpoint);
    removeBucket = bucket.remove;
    store = createS3BlobStore(s3StorageFrom(s3Env(server.endpoint, bucket.name)));
    await store.put('audio/p1/original.webm', audio, { contentType: 'audio/webm' });
  });
  afterAll(() => removeBucket?.());

  it('signs a URL that a browser can fetch by Range, asking S3 for our Content-Type and Cache-Control', async () => {
    const url = await store.presignedUrl!('audio/p1/original.webm', {
      expiresInSeconds: 300,
      contentType: 'audio/webm',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    const signed = new URL(url);
    expect(signed.origin).toBe(server.endpoint);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('300');
    // fauxqs ignores the response-* overrides that S3 honours, so they are checked in the signed URL itself.
    expect(signed.searchParams.get('response-content-type')).toBe('audio/webm');
    expect(signed.searchParams.get('response-cache-control')).toBe('public, max-age=31536000, immutable');

    const response = await fetch(url, { headers: { range: 'bytes=10-19' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 10-19/${audio.length}`);
    expect(response.headers.get('content-type')).toBe('audio/webm');
    expect(Buffer.from(await response.arrayBuffer()).equals(audio.subarray(10, 20))).toBe(true);
  });

  it('aborts the multipart upload of a source that fails after the first part, and keeps no object', async () => {
    const part = randomBytes(6 * 1024 * 1024);
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent++ < 2) this.push(part);
        else this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put('audio/p2/original.wav', failing, { contentType: 'audio/wav' })).rejects.toThrow(
      'client went away',
    );
    expect(await store.stat('audio/p2/original.wav')).toBeUndefined();
    expect(await server.pendingMultipartUploads()).toBe(0);
  });

  it('reports a missing bucket as such, naming the bucket and server only for the log, not as a missing object', async () => {
    const missing = createS3BlobStore(s3StorageFrom(s3Env(server.endpoint, 'no-such-bucket-here')));
    expect(await missing.check()).toEqual({
      ok: false,
      problem: 'The media bucket is not usable: the bucket does not exist.',
      detail: `S3 bucket no-such-bucket-here at ${server.endpoint}: the bucket does not exist`,
    });
    await expect(missing.getStream('audio/x/original.webm')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(firstListed(missing, 'audio/')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('reports an endpoint where nothing listens as unreachable', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const unreachable = createS3BlobStore(s3StorageFrom(s3Env(endpoint, 'media')));
    expect(await unreachable.check()).toMatchObject({
      ok: false,
      problem: 'The media bucket is not usable: cannot connect (ECONNREFUSED).',
      detail: `S3 bucket media at ${endpoint}: cannot connect (ECONNREFUSED)`,
    });
  });

  it('gives up on a server that accepts the connection but never answers', async () => {
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    try {
      const hanging = createS3BlobStore(s3StorageFrom(s3Env(endpoint, 'media')));
      expect(await hanging.check()).toMatchObject({
        ok: false,
        problem: 'The media bucket is not usable: no answer within 5 s.',
        detail: `S3 bucket media at ${endpoint}: no answer within 5 s`,
      });
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('never puts the credentials in an error or a problem report', async () => {
    const secrets = {
      S3_ACCESS_KEY_ID: 'AKIAEARSHOTLEAKCHECK',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/leak+check/KEY',
    };
    const stores = [
      createS3BlobStore(s3StorageFrom({ ...s3Env(server.endpoint, 'no-such-bucket-here'), ...secrets })),
      createS3BlobStore(
        s3StorageFrom({ ...s3Env(`http://127.0.0.1:${await closedPort()}`, 'media'), ...secrets }),
      ),
    ];
    const reports: string[] = [];
    for (const candidate of stores) {
      const check = await candidate.check();
      reports.push(check.ok ? '' : `${check.problem} ${check.detail}`);
      const failures = await Promise.allSettled([
        candidate.put('audio/x/original.webm', Buffer.from('x'), { contentType: 'audio/webm' }),
        candidate.getStream('audio/x/original.webm'),
        candidate.copyToFile('audio/x/original.webm', '/nonexistent/x'),
        candidate.delete('audio/x/original.webm'),
        firstListed(candidate, 'audio/'),
      ]);
      for (const failure of failures) {
        expect(failure.status).toBe('rejected');
        if (failure.status === 'rejected')
          reports.push(String(failure.reason), inspect(failure.reason, { depth: 5 }));
      }
    }
    expect(reports.join('\n')).toMatch(/no-such-bucket-here|ECONNREFUSED/);
    for (const report of reports) {
      expect(report).not.toContain(secrets.S3_SECRET_ACCESS_KEY);
      expect(report).not.toContain(secrets.S3_ACCESS_KEY_ID);
    }
  });
});

describe('where browsers load redirected media from (the CSP)', () => {
  const base = { STORAGE: 's3', S3_BUCKET: 'earshot-media', S3_REDIRECT_PUBLIC_MEDIA: 'true' };
  const keys = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'example' };

  it.each([
    ['AWS S3', {}],
    ['AWS S3 in another region', { S3_REGION: 'eu-central-1' }],
    ['AWS S3, path-style', { S3_FORCE_PATH_STYLE: 'true' }],
    [
      'a self-hosted server, path-style',
      { S3_ENDPOINT: 'http://minio.internal:9000', S3_FORCE_PATH_STYLE: 'true' },
    ],
    ['a self-hosted server, bucket as host', { S3_ENDPOINT: 'https://objects.example.net' }],
    [
      'a public endpoint in front of the server',
      {
        S3_ENDPOINT: 'http://minio:9000',
        S3_PUBLIC_ENDPOINT: 'https://media.example.net',
        S3_FORCE_PATH_STYLE: 'true',
      },
    ],
  ])('is the origin of the presigned URL: %s', async (_name, env) => {
    const storage = s3StorageFrom({ ...base, ...keys, ...env });
    const url = await createS3BlobStore(storage).presignedUrl!('audio/a/original.webm', {
      expiresInSeconds: 60,
      contentType: 'audio/webm',
      cacheControl: 'public',
    });
    expect(presignedMediaOrigins(storage)).toEqual([new URL(url).origin]);
  });

  it('is allowed by the page policy of an app that redirects public media', async () => {
    const bucket = await createTestBucket(server.endpoint);
    const test = await createTestApp({
      ...s3Env(server.endpoint, bucket.name),
      S3_REDIRECT_PUBLIC_MEDIA: 'true',
    });
    try {
      const policy = String(
        (await test.app.inject({ url: '/api/health' })).headers['content-security-policy'],
      );
      expect(policy).toContain(`media-src 'self' blob: ${server.endpoint};`);
      expect(policy).toContain(`img-src 'self' data: blob: ${server.endpoint};`);
    } finally {
      await test.close();
      await bucket.remove();
    }
  });

  it('is none unless public media is redirected', () => {
    expect(presignedMediaOrigins(s3StorageFrom({ ...base, S3_REDIRECT_PUBLIC_MEDIA: 'false' }))).toEqual([]);
    expect(presignedMediaOrigins(loadConfig({}).storage)).toEqual([]);
  });
});

describe('public media redirected to the bucket', () => {
  it('sends public audio as a short-lived signed link and keeps a private entry behind the app', async () => {
    const bucket = await createTestBucket(server.endpoint);
    const test = await createTestApp({
      ...s3Env(server.endpoint, bucket.name),
      S3_REDIRECT_PUBLIC_MEDIA: 'true',
    });
    try {
      const author = await signUp(test.app);
      const voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
      const publishTo = async (url: string) =>
        originalAudioUrl(await publishWebm(test.app, author.cookie, voice, { url }));

      const publicUrl = await publishTo('/api/posts');
      const redirected = await test.app.inject({ url: publicUrl, headers: { range: 'bytes=0-9' } });
      expect(redirected.statusCode).toBe(302);
      const signed = String(redirected.headers.location);
      expect(new URL(signed).origin).toBe(server.endpoint);
      const fromBucket = await fetch(signed, { headers: { range: 'bytes=0-9' } });
      expect(fromBucket.status).toBe(206);
      const stored = await storedAudioAt(test.context.blobs, publicUrl);
      expect(Buffer.from(await fromBucket.arrayBuffer()).equals(stored.subarray(0, 10))).toBe(true);

      const privateUrl = await publishTo('/api/diary');
      const owners = await test.app.inject({ url: privateUrl, headers: { cookie: author.cookie } });
      expect(owners.statusCode).toBe(200);
      expect(owners.rawPayload.equals(await storedAudioAt(test.context.blobs, privateUrl))).toBe(true);
      expect((await test.app.inject({ url: privateUrl })).statusCode).toBe(404);
    } finally {
      await test.close();
      await bucket.remove();
    }
  });
});

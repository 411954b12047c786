import type { Post } from '@shared/contract/posts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '../../src/server/storage/create-blob-store';
import { createDatabase, type Db } from '../../src/server/db/database';
import { createJobQueue } from '../../src/server/jobs/job-queue';
import { keysUnder, type BlobStore } from '../../src/server/storage/blob-store';
import type { Config } from '../../src/server/config';
import { multipartForm, streamedTone } from '../support/audio';
import {
  createTestBucket,
  s3Env,
  startS3TestServer,
  type S3TestServer,
  type TestBucket,
} from '../support/s3-server';
import { openEventStream } from './support/event-stream';
import { registerOn, serverEnv, startServerProcess, type ServerProcess } from './support/server-process';
import { createTestConfig, databaseKind } from './support/test-app';
import { waitFor, waitForRendition } from './support/waits';

/**
 * Two instances as two machines run them: one PostgreSQL schema and one bucket shared, nothing else (each has a
 * DATA_DIR of its own for scratch files). Whatever a person does through one, the other must serve and continue.
 */
describe.skipIf(databaseKind !== 'postgres')('two instances on one PostgreSQL schema and one bucket', () => {
  let s3: S3TestServer;
  let bucket: TestBucket;
  let config: Config;
  let cleanup: () => Promise<void>;
  let secondDataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let observer: { db: Db; blobs: BlobStore };
  let cookie: string;
  let recording: Buffer;

  beforeAll(async () => {
    recording = await streamedTone({ seconds: 3, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
    s3 = await startS3TestServer();
    bucket = await createTestBucket(s3.endpoint);
    ({ config, cleanup } = await createTestConfig(s3Env(s3.endpoint, bucket.name)));
    secondDataDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-second-'));
    // Both start at once on an empty schema, as a deployment's instances do.
    [a, b] = await Promise.all([
      startServerProcess(serverEnv(config)),
      startServerProcess(serverEnv(config, { DATA_DIR: secondDataDir })),
    ]);
    observer = {
      db: createDatabase(config.database),
      blobs: await createBlobStore(config),
    };
    cookie = await registerOn(a.origin, `two-${Date.now()}@example.com`);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await observer?.db.destroy();
    await cleanup?.();
    await bucket?.remove();
    await s3?.close();
    if (secondDataDir) await rm(secondDataDir, { recursive: true, force: true });
  });

  const call = (instance: ServerProcess, url: string, init: RequestInit = {}) =>
    fetch(`${instance.origin}${url}`, {
      ...init,
      headers: { cookie, origin: instance.origin, ...(init.headers as Record<string, string>) },
    });

  async function upload(instance: ServerProcess, url: string, fields: Record<string, string>, audio: Buffer) {
    const form = multipartForm(fields, [
      { field: 'audio', filename: 'recording.webm', contentType: 'audio/webm', content: audio },
    ]);
    return call(instance, url, { method: 'POST', headers: form.headers, body: form.payload });
  }

  async function publishOn(instance: ServerProcess): Promise<Post> {
    const response = await upload(instance, '/api/posts', { title: 'from one machine' }, recording);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Post;
  }

  const readPost = async (instance: ServerProcess, id: string) =>
    (await (await call(instance, `/api/posts/${id}`)).json()) as Post;

  const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

  const assetOf = (post: Post) => post.audioUrl.split('/').at(-2)!;

  it('keeps a person signed in on both', async () => {
    const onB = await call(b, '/api/auth/user');
    expect(onB.status).toBe(200);
    const onA = await call(a, '/api/auth/user');
    expect(await onB.json()).toEqual(await onA.json());
  });

  it('plays on B, by range, what was uploaded on A, and the rendition from whichever made it plays on both', async () => {
    const post = await publishOn(a);
    const original = post.audioSources.find((source) => source.mimeType === 'audio/webm')!.url;
    const whole = await call(a, original);
    expect(whole.status).toBe(200);
    const stored = await bytesOf(whole);
    const range = await call(b, original, { headers: { range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-199/${stored.length}`);
    expect((await bytesOf(range)).equals(stored.subarray(100, 200))).toBe(true);

    const rendered = await waitForRendition(() => readPost(b, post.id));
    const rendition = rendered.audioSources.find((source) => source.mimeType === 'audio/mp4')!.url;
    const [fromA, fromB] = await Promise.all([call(a, rendition), call(b, rendition)]);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect((await bytesOf(fromA)).equals(await bytesOf(fromB))).toBe(true);
    // Done at the first attempt by whichever instance claimed it: a finished job leaves no row, and no retry.
    const jobsLeft = await observer.db
      .selectFrom('jobs')
      .select('id')
      .where('payload_json', 'like', `%${assetOf(post)}%`)
      .execute();
    expect(jobsLeft).toEqual([]);
    expect(a.output() + b.output()).not.toContain('job failed');
  });

  it('extends on B a post uploaded on A', async () => {
    const post = await publishOn(a);
    const response = await upload(b, `/api/posts/${post.id}/extend`, {}, recording);
    expect(response.status, await response.clone().text()).toBe(200);
    const extended = (await response.json()) as Post;
    expect(extended.duration).toBeCloseTo(2 * post.duration, 0);
    expect((await call(a, extended.audioUrl)).status).toBe(200);
  });

  it('recovers as one draft a recording whose autosaved chunks went to A and to B', async () => {
    const sessionId = `spread-${Date.now()}`;
    const half = Math.ceil(recording.length / 2);
    for (const [chunkNumber, instance] of [a, b].entries()) {
      const content = chunkNumber === 0 ? recording.subarray(0, half) : recording.subarray(half);
      const form = multipartForm({ sessionId, chunkNumber: String(chunkNumber), totalDuration: '3' }, [
        { field: 'audio', filename: 'chunk.webm', contentType: 'audio/webm', content },
      ]);
      const saved = await call(instance, '/api/recordings/autosave', {
        method: 'POST',
        headers: form.headers,
        body: form.payload,
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
    }
    await observer.db
      .updateTable('autosave_sessions')
      .set({ last_chunk_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .where('session_id', '=', sessionId)
      .execute();
    await createJobQueue(observer.db).enqueue('autosave.recover-abandoned', {});

    const recovered = await waitFor(
      async () => {
        const diary = (await (await call(b, '/api/diary')).json()) as Post[];
        return diary.find((entry) => entry.title === 'Recovered recording');
      },
      60_000,
      'the recovered draft',
    );
    expect(recovered.duration).toBeCloseTo(3, 0);
    expect((await call(a, recovered.audioUrl)).status).toBe(200);
  });

  it('removes every object of a post deleted on B that was uploaded on A', async () => {
    const post = await publishOn(a);
    await waitForRendition(() => readPost(a, post.id));
    const prefix = `audio/${assetOf(post)}/`;
    expect((await keysUnder(observer.blobs, prefix)).length).toBeGreaterThan(0);
    const deleted = await call(b, `/api/posts/${post.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await keysUnder(observer.blobs, prefix)).toEqual([]);
    expect((await call(a, post.audioUrl)).status).toBe(404);
  });

  it('delivers to a page held open on B the like someone made on A', async () => {
    const post = await publishOn(a);
    const stream = await openEventStream(b.origin, cookie);
    try {
      const liker = await registerOn(a.origin, `liker-${Date.now()}@example.com`);
      const liked = await fetch(`${a.origin}/api/likes`, {
        method: 'POST',
        headers: { cookie: liker, origin: a.origin, 'content-type': 'application/json' },
        body: JSON.stringify({ postId: post.id }),
      });
      expect(liked.status, await liked.clone().text()).toBeLessThan(300);
      const event = await stream.next(15_000);
      expect(event.event).toBe('notification');
      expect(JSON.parse(event.data)).toMatchObject({ type: 'like', postId: post.id });
    } finally {
      await stream.close();
    }
  });

  it('closes on B the open page of a person who deleted their account on A', async () => {
    const leaver = await registerOn(a.origin, `leaver-${Date.now()}@example.com`);
    const stream = await openEventStream(b.origin, leaver);
    try {
      const deleted = await fetch(`${a.origin}/api/me`, {
        method: 'DELETE',
        headers: { cookie: leaver, origin: a.origin, 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'long enough' }),
      });
      expect(deleted.status, await deleted.clone().text()).toBe(200);
      await stream.ended(10_000);
    } finally {
      await stream.close();
    }
  });
});

import type { Comment, Notification } from '@shared/contract/social';
import type { Post } from '@shared/contract/posts';
import type { CurrentUser, PublicUser } from '@shared/contract/users';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fetch, type RequestInit, type Response } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/server/config';
import { measureLoudness, multipartForm, serverFfmpegPath, streamedTone } from '../support/audio';
import { sessionCookieFrom } from './support/accounts';
import { makeLocalCa, startTlsFront, type LocalCa, type TlsFront } from './support/local-https';
import { serverEnv, startServerProcess, type ServerProcess } from './support/server-process';
import { createTestConfig, databaseKind, restartWithAdminEmails } from './support/test-app';
import { waitFor } from './support/waits';

const run = promisify(execFile);
const ffprobePath = path.join(path.dirname(serverFfmpegPath), 'ffprobe');
const VOICE_SECONDS = 3;

/**
 * One Earshot as a machine on the internet runs it: the real server in a process of its own, behind https (a TLS
 * front with a certificate of the run's own CA, which the process trusts) on a loopback address of its own, which is
 * its host name in PUBLIC_URL.
 */
interface Instance {
  origin: string;
  host: string;
  config: Config;
  server: ServerProcess;
  front: TlsFront;
  cleanup(): Promise<void>;
}

interface Person {
  user: CurrentUser;
  cookie: string;
  password: string;
}

async function startInstance(
  address: string,
  ca: LocalCa,
  database: 'sqlite' | 'the run’s',
  moderatorEmail: string,
): Promise<Instance> {
  const front = await startTlsFront(address, ca);
  const { config: runConfig, cleanup } = await createTestConfig();
  const config =
    database === 'sqlite'
      ? { ...runConfig, database: loadConfig({ NODE_ENV: 'test', DATA_DIR: runConfig.dataDir }).database }
      : runConfig;
  try {
    const server = await startServerProcess(
      serverEnv(config, {
        PUBLIC_URL: front.origin,
        FEDERATION_ALLOW_PRIVATE_ADDRESSES: '1',
        NODE_EXTRA_CA_CERTS: ca.certificateFile,
        ADMIN_EMAILS: moderatorEmail,
      }),
    );
    front.forwardTo(server.origin);
    return {
      origin: front.origin,
      host: new URL(front.origin).host,
      config,
      server,
      front,
      async cleanup() {
        await server.stop();
        await front.close();
        await cleanup();
      },
    };
  } catch (error) {
    await front.close();
    await cleanup();
    throw error;
  }
}

let scratch: string;
let ca: LocalCa;
let a: Instance;
let b: Instance;
let voice: Buffer;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'earshot-two-instances-'));
  ca = await makeLocalCa(scratch);
  [a, b, voice] = await Promise.all([
    startInstance('127.0.0.2', ca, 'sqlite', 'moderator-a@example.com'),
    startInstance('127.0.0.3', ca, 'the run’s', 'moderator-b@example.com'),
    streamedTone({ seconds: VOICE_SECONDS, format: 'webm', codecArgs: ['-c:a', 'libopus'] }),
  ]);
}, 150_000);

afterAll(async () => {
  await Promise.all([a?.cleanup(), b?.cleanup()]);
  await ca?.dispatcher.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** A request to `instance` over https, as `who` (signed out without). */
async function call(instance: Instance, who: Person | undefined, url: string, init: RequestInit = {}) {
  return fetch(`${instance.origin}${url}`, {
    ...init,
    dispatcher: ca.dispatcher,
    headers: {
      origin: instance.origin,
      ...(who && { cookie: who.cookie }),
      ...(init.body && typeof init.body === 'string' && { 'content-type': 'application/json' }),
      ...(init.headers as Record<string, string>),
    },
  });
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const body = await response.text();
  expect(response.status, body).toBe(status);
  return JSON.parse(body) as T;
}

async function signUpOn(instance: Instance, email: string, firstName: string): Promise<Person> {
  const password = 'long enough';
  const response = await call(instance, undefined, '/api/register', {
    method: 'POST',
    body: JSON.stringify({ email, password, firstName }),
  });
  const user = await json<CurrentUser>(response, 201);
  return { user, cookie: sessionCookieFrom(response.headers.get('set-cookie') ?? undefined), password };
}

async function moderatorOf(instance: Instance, email: string): Promise<Person> {
  const moderator = await signUpOn(instance, email, 'Mo');
  // What a restart with ADMIN_EMAILS does to the accounts that exist by then.
  await restartWithAdminEmails(instance, email);
  return moderator;
}

async function publishOn(instance: Instance, who: Person, title: string): Promise<Post> {
  const form = multipartForm({ title, transcription: `${title}, said aloud.` }, [
    { field: 'audio', filename: 'voice.webm', contentType: 'audio/webm', content: voice },
  ]);
  return json<Post>(
    await call(instance, who, '/api/posts', { method: 'POST', headers: form.headers, body: form.payload }),
    201,
  );
}

const feedOf = async (instance: Instance, who: Person) =>
  json<Post[]>(await call(instance, who, '/api/feed'));

/** Waits, within `ms`, until `read` answers `wanted` (compared as JSON): what the other side shows after a delivery. */
async function untilShows<T>(read: () => Promise<T>, wanted: T, what: string, ms = 30_000): Promise<void> {
  const expected = JSON.stringify(wanted);
  await waitFor(async () => (JSON.stringify(await read()) === expected ? true : undefined), ms, what);
}

/** How `instance` answers `who` at `url`: its status alone. */
const statusOf = async (instance: Instance, who: Person, url: string) =>
  (await call(instance, who, url)).status;

/** The seconds of audio ffprobe reads in `bytes`, and their loudness. */
async function listenTo(bytes: Buffer): Promise<{ seconds: number; lufs: number }> {
  const file = path.join(scratch, `heard-${Date.now()}.m4a`);
  await writeFile(file, bytes);
  const { stdout } = await run(ffprobePath, [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    file,
  ]);
  return { seconds: Number(stdout.trim()), lufs: (await measureLoudness(file)).integratedLufs };
}

describe(`two Earshots federating over https: A on SQLite, B on ${databaseKind}`, () => {
  let reader: Person;
  let author: Person;
  let authorOnA: PublicUser;
  let postOnB: Post;
  let postOnA: Post;
  /** A's reader as B knows them, once their voice reply came. */
  let readerOnB: PublicUser;

  it('finds a person of B from A’s Discover search by @user@host, and follows them: B accepts, and tells its person', async () => {
    [reader, author] = await Promise.all([
      signUpOn(a, 'reader@example.com', 'Rui'),
      signUpOn(b, 'author@example.com', 'Bea'),
    ]);
    const handle = `@${author.user.username}@${b.host}`;
    const found = await json<PublicUser[]>(
      await call(a, reader, `/api/search/users/${encodeURIComponent(handle)}`),
    );
    authorOnA = found[0]!;
    expect(authorOnA).toMatchObject({ username: `${author.user.username}@${b.host}`, firstName: 'Bea' });

    const follow = await call(a, reader, '/api/follows', {
      method: 'POST',
      body: JSON.stringify({ followingId: authorOnA.id }),
    });
    expect(await json(follow)).toEqual({ followed: false, requested: true });
    await waitFor(
      async () => {
        const status = await json<{ following: boolean }>(
          await call(a, reader, `/api/follows/${authorOnA.id}`),
        );
        return status.following ? true : undefined;
      },
      30_000,
      'B to accept the follow',
    );
    const told = async () =>
      (await json<Notification[]>(await call(b, author, '/api/notifications'))).map(({ type, user }) => ({
        type,
        username: user.username,
      }));
    await untilShows(told, [{ type: 'follow', username: `${reader.user.username}@${a.host}` }], 'B to tell');
  });

  it(
    'brings B’s voice post to A’s follower, measured and rendered on A, and it plays from A',
    { timeout: 120_000 },
    async () => {
      postOnB = await publishOn(b, author, 'Tide tables');
      postOnA = await waitFor(
        async () => (await feedOf(a, reader)).find((post) => post.userId === authorOnA.id),
        60_000,
        'B’s post in the feed on A',
      );
      expect(postOnA).toMatchObject({ title: 'Tide tables', originalUrl: `${b.origin}/posts/${postOnB.id}` });
      expect(postOnA.duration).toBeGreaterThan(VOICE_SECONDS - 0.2);
      expect(postOnA.duration).toBeLessThan(VOICE_SECONDS + 0.2);
      const rendition = await waitFor(
        async () => {
          const read = await json<Post>(await call(a, reader, `/api/posts/${postOnA.id}`));
          return read.audioSources.find((source) => source.mimeType === 'audio/mp4');
        },
        30_000,
        'A’s rendition of B’s post',
      );
      const played = await call(a, reader, rendition.url);
      expect(played.status).toBe(200);
      const heard = await listenTo(Buffer.from(await played.arrayBuffer()));
      expect(heard.seconds).toBeGreaterThan(VOICE_SECONDS - 0.2);
      expect(heard.seconds).toBeLessThan(VOICE_SECONDS + 0.3);
      // A tone at full scale: far above the silence an empty or broken download would give.
      expect(heard.lufs).toBeGreaterThan(-30);
    },
  );

  it('counts A’s reader’s like and repost on B’s post, and neither once taken back', async () => {
    const toggle = async (path: string) =>
      json(await call(a, reader, path, { method: 'POST', body: JSON.stringify({ postId: postOnA.id }) }));
    const countsOnB = async () => ({
      likes: (await json<{ count: number }>(await call(b, author, `/api/likes/post/${postOnB.id}`))).count,
      reposts: (await json<{ count: number }>(await call(b, author, `/api/reposts/${postOnB.id}`))).count,
    });
    await toggle('/api/likes');
    await untilShows(countsOnB, { likes: 1, reposts: 0 }, 'the like on B');
    await toggle('/api/reposts');
    await untilShows(countsOnB, { likes: 1, reposts: 1 }, 'the repost on B');
    await toggle('/api/likes');
    await toggle('/api/reposts');
    await untilShows(countsOnB, { likes: 0, reposts: 0 }, 'both taken back on B');
  });

  let replyOnA: Comment;

  it('takes a voice reply from A to B’s thread as a voice comment there, sent as A’s AAC rendition', async () => {
    const form = multipartForm({ postId: postOnA.id }, [
      { field: 'audio', filename: 'reply.webm', contentType: 'audio/webm', content: voice },
    ]);
    replyOnA = await json<Comment>(
      await call(a, reader, '/api/comments', { method: 'POST', headers: form.headers, body: form.payload }),
      201,
    );
    const onB = await waitFor(
      async () => {
        const comments = await json<Comment[]>(await call(b, author, `/api/posts/${postOnB.id}/comments`));
        return comments[0];
      },
      45_000,
      'the reply on B',
    );
    readerOnB = onB.user!;
    expect(readerOnB.username).toBe(`${reader.user.username}@${a.host}`);
    expect(onB.duration).toBeGreaterThan(VOICE_SECONDS - 0.2);
    expect(onB.duration).toBeLessThan(VOICE_SECONDS + 0.2);
    // What B downloaded is its original: A's AAC rendition (what Mastodon and Safari play), not the WebM recorded.
    expect(onB.audioSources.at(-1)?.mimeType).toBe('audio/mp4');

    // B (or anyone) finds the reply's Note at its id on A.
    const noteId = `${a.origin}/ap/comments/${replyOnA.id}`;
    const note = await json<{ id: string; inReplyTo: string }>(
      await call(a, undefined, `/ap/comments/${replyOnA.id}`, {
        headers: { accept: 'application/activity+json' },
      }),
    );
    expect(note).toMatchObject({ id: noteId, inReplyTo: `${b.origin}/posts/${postOnB.id}` });
  });

  it('removes the reply from B’s thread when A’s reader deletes it on A', async () => {
    await json(await call(a, reader, `/api/comments/${replyOnA.id}`, { method: 'DELETE' }));
    await untilShows(
      async () => json<Comment[]>(await call(b, author, `/api/posts/${postOnB.id}/comments`)),
      [],
      'the reply to go from B',
    );
  });

  it(
    'ends A’s reader’s follow when B’s author blocks them, and B’s next post does not reach A; the other way too',
    { timeout: 90_000 },
    async () => {
      const block = (instance: Instance, who: Person, other: PublicUser, method: 'PUT' | 'DELETE') =>
        call(instance, who, `/api/users/${other.id}/block`, { method }).then((response) => json(response));
      const followOnA = async () =>
        json<{ following: boolean; requested?: boolean }>(
          await call(a, reader, `/api/follows/${authorOnA.id}`),
        );

      await block(b, author, readerOnB, 'PUT');
      await untilShows(followOnA, { following: false, requested: false }, 'the follow to end on A');
      const unheard = await publishOn(b, author, 'While blocked');
      // Rendered on B: its Create, had it anyone on A to go to, would have gone by now (the domain block's test
      // below sees it never came).
      await waitFor(
        async () =>
          (await json<Post>(await call(b, author, `/api/posts/${unheard.id}`))).audioSources.find(
            (source) => source.mimeType === 'audio/mp4',
          ),
        30_000,
        'B’s rendition of its post',
      );
      await block(b, author, readerOnB, 'DELETE');

      // A's reader blocks B's author: on B, the author finds no profile of theirs while it holds.
      await block(a, reader, authorOnA, 'PUT');
      await untilShows(() => statusOf(b, author, `/api/users/${readerOnB.id}`), 404, 'the block on B');
      await block(a, reader, authorOnA, 'DELETE');
      await untilShows(() => statusOf(b, author, `/api/users/${readerOnB.id}`), 200, 'the block lifted on B');

      // Follows do not come back by themselves: A's reader follows again, for what comes next.
      await json(
        await call(a, reader, '/api/follows', {
          method: 'POST',
          body: JSON.stringify({ followingId: authorOnA.id }),
        }),
      );
      await untilShows(followOnA, { following: true }, 'B to accept the follow again');
    },
  );

  it(
    'drops B’s activities while A’s moderators block B’s domain, and takes them again once unblocked',
    { timeout: 150_000 },
    async () => {
      const moderator = await moderatorOf(a, 'moderator-a@example.com');
      const blocked = await call(a, moderator, '/api/moderation/domain-blocks', {
        method: 'POST',
        body: JSON.stringify({ domain: '127.0.0.3', reason: 'Testing the block' }),
      });
      expect(blocked.status, await blocked.text()).toBe(201);
      const before = b.server.output().length;
      await publishOn(b, author, 'Behind the block');
      // B's delivery of it reaches A and is refused there (403, said why), which B logs as a failed delivery.
      await waitFor(
        async () =>
          /This server does not take activities/.test(b.server.output().slice(before)) ? true : undefined,
        60_000,
        'B to be refused by A',
      );
      expect((await feedOf(a, reader)).map((post) => post.title)).not.toContain('Behind the block');

      const unblocked = await call(a, moderator, '/api/moderation/domain-blocks/127.0.0.3', {
        method: 'DELETE',
      });
      expect(unblocked.status).toBe(200);
      await publishOn(b, author, 'After the block');
      await waitFor(
        async () => (await feedOf(a, reader)).find((post) => post.title === 'After the block'),
        60_000,
        'B’s next post on A',
      );
      expect((await feedOf(a, reader)).map((post) => post.title)).not.toContain('While blocked');
    },
  );

  it('removes the post on A when its author deletes it on B', async () => {
    await json(await call(b, author, `/api/posts/${postOnB.id}`, { method: 'DELETE' }));
    await waitFor(
      async () => ((await call(a, reader, `/api/posts/${postOnA.id}`)).status === 404 ? true : undefined),
      30_000,
      'the post to go on A',
    );
  });

  it('removes the person, with what they posted, from A when they delete their account on B', async () => {
    await json(
      await call(b, author, '/api/me', {
        method: 'DELETE',
        body: JSON.stringify({ password: author.password }),
      }),
    );
    await waitFor(
      async () => ((await call(a, reader, `/api/users/${authorOnA.id}`)).status === 404 ? true : undefined),
      45_000,
      'the person to go from A',
    );
    expect((await feedOf(a, reader)).map((post) => post.title)).not.toContain('After the block');
    const search = await call(
      a,
      reader,
      `/api/search/users/${encodeURIComponent(`@${author.user.username}@${b.host}`)}`,
    );
    expect(await json(search)).toEqual([]);
  });
});

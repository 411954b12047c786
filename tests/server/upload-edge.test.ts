import type { Post } from '@shared/contract/posts';
import { watch, type FSWatcher } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { storedAudioAssetIds } from './support/stored-objects';
import { scratchDirectory } from '../../src/server/storage/scratch';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { waitFor } from './support/waits';

const MB = 1024 * 1024;
const EXCHANGE_TIMEOUT_MS = 60_000;
/** For tests that send tens of megabytes on a shared machine. */
const BIG_UPLOAD_TEST_MS = 120_000;

let testApp: TestApp;
let port: number;
let author: SignedIn;
let voice: Buffer;
let uploadsDir: string;

beforeAll(async () => {
  // The server reads a refused body for 5 s, then closes: long enough for any client, but a loaded machine sending
  // 300 MB to itself may take longer, and the answer would then depend on its speed. Here it always finishes.
  testApp = await createTestApp({}, { lingering: { timeMs: 120_000, idleMs: 30_000 } });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as net.AddressInfo).port;
  author = await signUp(testApp.app);
  voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
  // This process's own scratch directory, where its uploads stream to.
  uploadsDir = scratchDirectory(testApp.config.dataDir, 'uploads');
  await mkdir(uploadsDir, { recursive: true });
});
afterAll(() => testApp?.close());

const baseUrl = () => `http://127.0.0.1:${port}`;
const audioPart = (content: Buffer) => ({
  field: 'audio',
  filename: 'voice.webm',
  contentType: 'audio/webm',
  content,
});
/** Opus-in-WebM magic followed by zeros: a file of any size that is refused by its size, not its content. */
const bigAudio = (bytes: number) => {
  const content = Buffer.alloc(bytes);
  voice.copy(content);
  return content;
};

async function publish(fields: Record<string, string>): Promise<Post> {
  const form = multipartForm(fields, [audioPart(voice)]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: { ...form.headers, cookie: author.cookie },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Every file that appears in the upload temp directory while it is being watched, even if removed again. */
let watcher: FSWatcher | undefined;
function watchTempFiles(): string[] {
  const seen: string[] = [];
  watcher = watch(uploadsDir, (_event, name) => seen.push(String(name)));
  return seen;
}
afterEach(() => {
  watcher?.close();
  watcher = undefined;
});
/** No file appeared in the scratch directory while watched (fs.watch may report late), and none is there now. */
async function expectNothingStored(created: string[]): Promise<void> {
  expect(await readdir(uploadsDir)).toEqual([]);
  expect(created).toEqual([]);
}

interface RawExchange {
  /** Everything the server sent, as text. */
  received: string;
  /** The socket error, if the connection was reset rather than closed. */
  error: string | undefined;
}

/** Sends `request`'s parts on one TCP connection as fast as it takes them, and reads until the server closes it. */
function rawExchange(request: Iterable<Buffer>): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let error: string | undefined;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${EXCHANGE_TIMEOUT_MS} ms`));
    }, EXCHANGE_TIMEOUT_MS);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (failure: NodeJS.ErrnoException) => {
      error = failure.code ?? failure.message;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ received: Buffer.concat(chunks).toString('latin1'), error });
    });
    const parts = request[Symbol.iterator]();
    const writeUntilFull = () => {
      for (let part = parts.next(); !part.done && !socket.destroyed; part = parts.next()) {
        if (!socket.write(part.value)) return void socket.once('drain', writeUntilFull);
      }
    };
    writeUntilFull();
  });
}

function requestHead(method: string, url: string, headers: Record<string, string | number>): Buffer {
  const lines = Object.entries({ host: `127.0.0.1:${port}`, ...headers }).map(([k, v]) => `${k}: ${v}`);
  return Buffer.from(`${method} ${url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
}

/** The one response in `received`: status, headers and JSON body. */
function parseResponse(received: string) {
  const [head = '', body = ''] = received.split('\r\n\r\n', 2);
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 2),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as { message: string } };
}

/** Sends `request` on one raw socket: it must get a whole 413 with `message`, close cleanly, and store nothing. */
async function expectIntact413(request: Iterable<Buffer>, message: string): Promise<void> {
  const { received, error } = await rawExchange(request);
  expect(error).toBeUndefined();
  const response = parseResponse(received);
  expect(response.status).toBe(413);
  expect(response.headers.connection).toBe('close');
  expect(response.body.message).toBe(message);
  expect(await readdir(uploadsDir)).toEqual([]);
}

/** A streamed (chunked) request, so the server cannot know its size up front. */
async function sendChunked(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; message: string }> {
  const response = await fetch(`${baseUrl()}${url}`, {
    method: 'POST',
    headers,
    body: new ReadableStream({
      start(controller) {
        for (let offset = 0; offset < body.length; offset += MB)
          controller.enqueue(body.subarray(offset, offset + MB));
        controller.close();
      },
    }),
    duplex: 'half',
    signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
  } as RequestInit);
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

describe(`malformed multipart on ${databaseKind}`, () => {
  it('answers 400 with a message to a multipart body without a boundary', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: author.cookie, 'content-type': 'multipart/form-data' },
      payload: '--x\r\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/not valid multipart\/form-data/);
  });

  it('answers 400 to a body cut off inside a part, and keeps nothing', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: author.cookie, 'content-type': 'multipart/form-data; boundary=BB' },
      payload: '--BB\r\nContent-Disposition: form-data; name="audio"; filename="a"\r\n\r\nabc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/arrived incomplete/);
    expect(await readdir(uploadsDir)).toEqual([]);
  });

  it('answers a form with more fields or files than any upload takes with a message saying so, and keeps nothing', async () => {
    const tooManyFields = Object.fromEntries(
      Array.from({ length: 31 }, (_, index) => [`field${index}`, 'x']),
    );
    const tooManyFiles = Array.from({ length: 3 }, () => audioPart(Buffer.from('RIFF')));
    for (const form of [multipartForm(tooManyFields, []), multipartForm({}, tooManyFiles)]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: { ...form.headers, cookie: author.cookie },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(/at most 30 fields and 2 files/);
    }
    expect(await readdir(uploadsDir)).toEqual([]);
  });
});

describe(`413 answers reach the client on ${databaseKind}`, { timeout: BIG_UPLOAD_TEST_MS }, () => {
  it('sends an oversize upload its 413, then closes the connection cleanly', async () => {
    const form = multipartForm({ title: 'too long' }, [audioPart(bigAudio(101 * MB))]);
    const upload = requestHead('POST', '/api/posts', {
      ...form.headers,
      cookie: author.cookie,
      'content-length': form.payload.length,
    });
    // A keep-alive client sends its next request on the same connection.
    const next = requestHead('GET', '/api/health', {});
    await expectIntact413([upload, form.payload, next], 'Please select an audio file smaller than 100MB.');
  });

  it('sends a 300 MB upload its 413 without a reset: the body is read and dropped however large it says it is', async () => {
    const declared = 300 * MB;
    const form = multipartForm({ title: 'far too long' }, [audioPart(voice)]);
    const tail = Buffer.from(`\r\n--${form.headers['content-type'].split('boundary=')[1]}--\r\n`);
    const head = form.payload.subarray(0, form.payload.length - tail.length);
    const zeros = Buffer.alloc(MB);
    function* upload() {
      yield requestHead('POST', '/api/posts', {
        ...form.headers,
        cookie: author.cookie,
        'content-length': declared,
      });
      yield head;
      let left = declared - head.length - tail.length;
      for (; left > zeros.length; left -= zeros.length) yield zeros;
      yield zeros.subarray(0, left);
      yield tail;
    }
    await expectIntact413(upload(), 'Please select an audio file smaller than 100MB.');
  });

  it('gives fetch the 413 message of an oversize upload', async () => {
    const form = multipartForm({}, [audioPart(bigAudio(101 * MB))]);
    const response = await fetch(`${baseUrl()}/api/posts`, {
      method: 'POST',
      headers: { ...form.headers, cookie: author.cookie },
      body: form.payload,
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Please select an audio file smaller than 100MB.',
    );
  });

  it('does the same for a 20 MB JSON body (the limit is 1 MB)', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'x@example.com', password: 'p'.repeat(20 * MB) }));
    const head = requestHead('POST', '/api/login', {
      'content-type': 'application/json',
      'content-length': body.length,
    });
    await expectIntact413([head, body, requestHead('GET', '/api/health', {})], 'The request is too large.');

    const viaFetch = await fetch(`${baseUrl()}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
    });
    expect(viaFetch.status).toBe(413);
    expect(((await viaFetch.json()) as { message: string }).message).toBe('The request is too large.');
  });
});

describe(
  `uploads refused before their body is stored on ${databaseKind}`,
  { timeout: BIG_UPLOAD_TEST_MS },
  () => {
    it('refuses a visitor’s 40 MB comment on a members-only post without writing a byte', async () => {
      const post = await publish({ title: 'members only' });
      const form = multipartForm({ postId: post.id, visitorName: 'Vera' }, [audioPart(bigAudio(40 * MB))]);
      const created = watchTempFiles();
      const refused = await sendChunked('/api/comments', form.headers, form.payload);
      expect(refused).toEqual({
        status: 403,
        message: 'This post takes voice comments from members only. Sign in to reply.',
      });
      await expectNothingStored(created);
    });

    it('refuses a comment that says it is over the comment limit at once', async () => {
      const post = await publish({ title: 'open', allowVisitorComments: 'true' });
      const form = multipartForm({ postId: post.id, visitorName: 'Vera' }, [audioPart(bigAudio(40 * MB))]);
      const created = watchTempFiles();
      const response = await fetch(`${baseUrl()}/api/comments`, {
        method: 'POST',
        headers: form.headers,
        body: form.payload,
        signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
      });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { message: string }).message).toBe(
        'Voice comments must be smaller than 20MB.',
      );
      await expectNothingStored(created);
    });

    it('refuses a signed-out upload at auth, before reading it', async () => {
      const form = multipartForm({ title: 'who am I' }, [audioPart(bigAudio(40 * MB))]);
      const created = watchTempFiles();
      const refused = await sendChunked('/api/posts', form.headers, form.payload);
      expect(refused.status).toBe(401);
      await expectNothingStored(created);
    });

    it('stops a visitor over the comment rate limit before storing their audio', async () => {
      const post = await publish({ title: 'open', allowVisitorComments: 'true' });
      const notAudio = multipartForm({ postId: post.id, visitorName: 'Vera' }, [
        audioPart(Buffer.from('not audio at all')),
      ]);
      // Every attempt counts, those of earlier tests from this address too: use up what is left of the allowance.
      const statuses: number[] = [];
      while (statuses.at(-1) !== 429 && statuses.length <= 5) {
        const response = await fetch(`${baseUrl()}/api/comments`, {
          method: 'POST',
          headers: notAudio.headers,
          body: notAudio.payload,
          signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, -1).every((status) => status === 422)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      const form = multipartForm({ postId: post.id, visitorName: 'Vera' }, [audioPart(bigAudio(5 * MB))]);
      const created = watchTempFiles();
      const refused = await sendChunked('/api/comments', form.headers, form.payload);
      expect(refused).toEqual({
        status: 429,
        message:
          'You have tried to comment several times in the last few minutes. Please wait a while and try again.',
      });
      await expectNothingStored(created);
    });
  },
);

/** How many rows the table has now. */
async function countRows(table: 'audio_assets' | 'comments'): Promise<number> {
  const row = await testApp.context.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe(`voice comments in either field order on ${databaseKind}`, { timeout: BIG_UPLOAD_TEST_MS }, () => {
  const orders = ['fields first', 'files first'] as const;
  /** What a comment leaves behind: rows, stored objects and scratch files. */
  const traces = async () => ({
    assets: await countRows('audio_assets'),
    comments: await countRows('comments'),
    stored: await storedAudioAssetIds(testApp.context.blobs),
    scratch: await readdir(uploadsDir),
  });

  it.each(orders)(
    'takes a comment sent %s (the spec sends audio, then postId and duration)',
    async (order) => {
      const post = await publish({ title: `commented ${order}` });
      const form = multipartForm({ postId: post.id, duration: '1' }, [audioPart(voice)], order);
      const created = await sendChunked(
        '/api/comments',
        { ...form.headers, cookie: author.cookie },
        form.payload,
      );
      expect(created.status, created.message).toBe(201);
      const thread = await testApp.app.inject({ url: `/api/posts/${post.id}/comments` });
      expect(
        (thread.json() as Array<{ duration: number }>).map((comment) => Math.round(comment.duration)),
      ).toEqual([1]);
      expect(await readdir(uploadsDir)).toEqual([]);
    },
  );

  it.each(orders)(
    'refuses a comment sent %s on a post its sender may not see, and keeps nothing',
    async (order) => {
      const stranger = await signUp(testApp.app);
      const post = await publish({ title: 'private', isPrivate: 'true' });
      const before = await traces();
      const form = multipartForm({ postId: post.id, duration: '1' }, [audioPart(bigAudio(5 * MB))], order);
      const refused = await sendChunked(
        '/api/comments',
        { ...form.headers, cookie: stranger.cookie },
        form.payload,
      );
      expect(refused).toEqual({
        status: 404,
        message: 'This post does not exist or is not shared with you.',
      });
      expect(await traces()).toEqual(before);
    },
  );

  it.each(orders)(
    'refuses a visitor’s comment sent %s on a members-only post, and keeps nothing',
    async (order) => {
      const post = await publish({ title: 'members only' });
      const before = await traces();
      const form = multipartForm({ postId: post.id, visitorName: 'Vera' }, [audioPart(voice)], order);
      // From an address of its own: earlier tests used up this machine's visitor allowance.
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: form.headers,
        payload: form.payload,
        remoteAddress: order === 'fields first' ? '198.51.100.21' : '198.51.100.22',
      });
      const refused = { status: response.statusCode, message: response.json().message };
      expect(refused).toEqual({
        status: 403,
        message: 'This post takes voice comments from members only. Sign in to reply.',
      });
      expect(await traces()).toEqual(before);
    },
  );

  it.each(orders)('cuts off a comment sent %s at 20 MB with 413, and keeps nothing', async (order) => {
    const post = await publish({ title: 'too much to say' });
    const before = await traces();
    const form = multipartForm({ postId: post.id, duration: '1' }, [audioPart(bigAudio(21 * MB))], order);
    const refused = await sendChunked(
      '/api/comments',
      { ...form.headers, cookie: author.cookie },
      form.payload,
    );
    expect(refused).toEqual({ status: 413, message: 'Voice comments must be smaller than 20MB.' });
    expect(await traces()).toEqual(before);
  });

  it('asks for the post of a comment that names none', async () => {
    const form = multipartForm({ duration: '1' }, [audioPart(voice)], 'files first');
    const refused = await sendChunked(
      '/api/comments',
      { ...form.headers, cookie: author.cookie },
      form.payload,
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/postId/);
    expect(await readdir(uploadsDir)).toEqual([]);
  });
});

describe(`a comment racing its post's deletion on ${databaseKind}`, () => {
  it('answers 404 and keeps nothing when the post is deleted while the audio arrives', async () => {
    const before = { assets: await countRows('audio_assets'), comments: await countRows('comments') };
    const post = await publish({ title: 'soon gone' });
    const form = multipartForm({ postId: post.id }, [audioPart(voice)]);
    const half = form.payload.length - Math.floor(voice.length / 2);

    const answer = new Promise<{ status: number; message: string }>((resolve, reject) => {
      const request = http.request(`${baseUrl()}/api/comments`, {
        method: 'POST',
        headers: { ...form.headers, cookie: author.cookie },
        timeout: EXCHANGE_TIMEOUT_MS,
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            message: (JSON.parse(Buffer.concat(chunks).toString()) as { message: string }).message,
          }),
        );
      });
      request.on('timeout', () => request.destroy(new Error('no answer in time')));
      request.on('error', reject);
      request.write(form.payload.subarray(0, half));
      // The comment is admitted and its audio is being stored: now the post goes.
      waitFor(async () => ((await readdir(uploadsDir)).length > 0 ? true : undefined), 10_000, 'a temp file')
        .then(() =>
          testApp.app.inject({
            method: 'DELETE',
            url: `/api/posts/${post.id}`,
            headers: { cookie: author.cookie },
          }),
        )
        .then((deleted) => {
          expect(deleted.statusCode).toBe(200);
          request.end(form.payload.subarray(half));
        })
        .catch(reject);
    });

    expect(await answer).toEqual({
      status: 404,
      message: 'This post does not exist or is not shared with you.',
    });
    expect({ assets: await countRows('audio_assets'), comments: await countRows('comments') }).toEqual(
      before,
    );
    expect(await readdir(uploadsDir)).toEqual([]);
  });
});

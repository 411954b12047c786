import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { autosaveChunkRows, autosaveFiles, sendChunk } from './support/autosave';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';

const MB = 1024 * 1024;
let testApp: TestApp;
let port: number;
let recording: Buffer;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as { port: number }).port;
  recording = await streamedTone({ seconds: 2, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
});
afterAll(async () => {
  await testApp?.close();
});

/** The recording's first chunk followed by silence-like filler, `bytes` long in all. */
const recordingOf = (bytes: number) => Buffer.concat([recording, Buffer.alloc(bytes - recording.length)]);

/**
 * Declares a chunk of `declaredBytes` but sends only the headers and the chunk's first kilobyte, then waits for
 * the answer: one that comes refused the chunk before it streamed in.
 */
function answerBeforeTheBody(
  who: SignedIn,
  declaredBytes: number,
): Promise<{ status: number; message: string }> {
  const boundary = 'earshot-declared';
  const head =
    `POST /api/recordings/autosave HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${who.cookie}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declaredBytes}\r\n\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="chunk.webm"\r\n` +
    `Content-Type: audio/webm\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer while the body was still to come'));
    }, 15_000);
    socket.on('error', reject);
    socket.on('data', (data: Buffer) => {
      received += data.toString('utf8');
      const [headers, body = ''] = received.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(headers ?? '')?.[1]);
      if (Number.isNaN(length) || Buffer.byteLength(body) < length) return;
      clearTimeout(timer);
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(received)?.[1]);
      resolve({ status, message: (JSON.parse(body) as { message: string }).message });
    });
    socket.write(head);
    socket.write(recording.subarray(0, 1024));
  });
}

function sessionExists(who: SignedIn, sessionId: string) {
  return testApp.context.db
    .selectFrom('autosave_sessions')
    .select('session_id')
    .where('user_id', '=', who.user.id)
    .where('session_id', '=', sessionId)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

describe(`autosave limits on ${databaseKind}`, () => {
  it('refuses a chunk over 100 MB by its Content-Length, before it streams in', async () => {
    const writer = await signUp(testApp.app);
    const answer = await answerBeforeTheBody(writer, 150 * MB);
    expect(answer.status).toBe(413);
    expect(answer.message).toMatch(/100 MB.*publish it or save it as a draft/);
  });

  it('keeps one recording to 100 MB, counting a retried chunk once', async () => {
    const writer = await signUp(testApp.app);
    const filesBefore = (await autosaveFiles(testApp)).length;
    const send = (chunkNumber: number, content: Buffer) =>
      sendChunk(testApp, writer, { sessionId: 'long', chunkNumber, content });

    expect((await send(0, recording)).statusCode).toBe(200);
    expect((await send(1, Buffer.alloc(60 * MB))).statusCode).toBe(200);
    expect((await send(1, Buffer.alloc(70 * MB))).statusCode).toBe(200);
    const over = await send(2, Buffer.alloc(31 * MB));
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toMatch(/reached 100 MB, the most a recording may be/);
    expect((await send(2, Buffer.alloc(29 * MB))).statusCode).toBe(200);

    expect(await autosaveChunkRows(testApp, writer, 'long')).toEqual([
      { chunk_number: 0, bytes: recording.length },
      { chunk_number: 1, bytes: 70 * MB },
      { chunk_number: 2, bytes: 29 * MB },
    ]);
    expect((await autosaveFiles(testApp)).length - filesBefore).toBe(3);
  });

  it('keeps each person to 200 MB across recordings not yet published; discarding one frees its space', async () => {
    const writer = await signUp(testApp.app);
    // Two recordings of 100 MB, each saved as the recorder does: a chunk every 30 seconds.
    const quarter = Buffer.alloc(25 * MB);
    for (const sessionId of ['first', 'second']) {
      for (const [chunkNumber, content] of [recordingOf(25 * MB), quarter, quarter, quarter].entries()) {
        const response = await sendChunk(testApp, writer, { sessionId, chunkNumber, content });
        expect(response.statusCode, response.body).toBe(200);
      }
    }

    const full = await sendChunk(testApp, writer, { sessionId: 'third', chunkNumber: 0, content: recording });
    expect(full.statusCode).toBe(413);
    expect(full.json().message).toMatch(/Autosave is full.*200 MB.*Publish it or save it as a draft/);
    expect(await sessionExists(writer, 'third')).toBe(false);
    const declared = await answerBeforeTheBody(writer, 30 * MB);
    expect(declared.status).toBe(413);
    expect(declared.message).toMatch(/Autosave is full/);

    const discarded = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/recordings/autosave/first',
      headers: { cookie: writer.cookie },
    });
    expect(discarded.statusCode).toBe(200);
    const third = await sendChunk(testApp, writer, {
      sessionId: 'third',
      chunkNumber: 0,
      content: recording,
    });
    expect(third.statusCode, third.body).toBe(200);
  });

  it('takes only audio as the first chunk of a recording; later chunks continue it', async () => {
    const writer = await signUp(testApp.app);
    const send = (chunkNumber: number, content: Buffer) =>
      sendChunk(testApp, writer, { sessionId: 'take', chunkNumber, content });

    const page = await send(0, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(page.statusCode).toBe(422);
    expect(page.json().message).toMatch(/first chunk of a recording must be audio/);
    expect((await send(1, Buffer.alloc(4096))).statusCode).toBe(422);
    expect(await sessionExists(writer, 'take')).toBe(false);

    expect((await send(0, recordingOf(64 * 1024))).statusCode).toBe(200);
    expect((await send(1, Buffer.alloc(4096))).statusCode).toBe(200);
    expect(await autosaveChunkRows(testApp, writer, 'take')).toHaveLength(2);
  });
});

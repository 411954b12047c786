import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFrom } from './support/accounts';
import { makeTone, serverFfmpegPath } from '../support/audio';
import { createTestConfig, databaseKind } from './support/test-app';

function waitForOutput(
  child: ChildProcessWithoutNullStreams,
  pattern: RegExp,
  timeoutMs: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] ?? match[0]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}

function exitOf(child: ChildProcessWithoutNullStreams, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not exit')), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe(`graceful shutdown on ${databaseKind}`, () => {
  let cleanup: () => Promise<void>;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    const test = await createTestConfig();
    cleanup = test.cleanup;
    dataDir = test.config.dataDir;
    const database = test.config.database;
    env = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...(database.kind === 'postgres'
        ? { DATABASE_URL: database.url, DATABASE_SCHEMA: database.schema }
        : {}),
    };
  });
  afterAll(() => cleanup?.());

  it('finishes an upload in flight after SIGTERM, then closes the database and exits cleanly', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env });
    try {
      const origin = await waitForOutput(child, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 20_000);

      const signUp = await fetch(`${origin}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'drain@example.com', password: 'long enough' }),
      });
      expect(signUp.status).toBe(201);
      const cookie = sessionCookieFrom(signUp.headers.get('set-cookie') ?? undefined);

      const tone = path.join(dataDir, 'tone.wav');
      await makeTone(serverFfmpegPath, tone, { seconds: 2 });
      const audio = await readFile(tone);
      const boundary = 'drain-boundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
      const tail = `\r\n--${boundary}--\r\n`;

      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${origin}/api/test/audio-analysis`, {
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
        });
        request.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
        request.write(head);
        request.write(audio.subarray(0, audio.length / 2));
        setTimeout(() => {
          child.kill('SIGTERM');
          setTimeout(
            () => request.end(Buffer.concat([audio.subarray(audio.length / 2), Buffer.from(tail)])),
            300,
          );
        }, 300);
      });

      const exited = exitOf(child, 20_000);
      const { status, body } = await answer;
      expect(status).toBe(200);
      expect(JSON.parse(body).durationSeconds).toBeCloseTo(2, 1);
      expect(await exited).toBe(0);

      if (databaseKind === 'sqlite') {
        const wal = path.join(dataDir, 'earshot.sqlite-wal');
        expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
      }
      await expect(fetch(`${origin}/api/health`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

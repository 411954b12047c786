import type { Post } from '@shared/contract/posts';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Config, StorageConfig } from '../../../src/server/config';
import { multipartFile } from '../../support/audio';
import { inject } from 'vitest';
import { sessionCookieFrom } from './accounts';

/** The real server, bundled as `npm start` bundles it, in a process of its own, as an operator runs it. */
export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  origin: string;
  /** Everything it has logged so far. */
  output(): string;
  /** Kills the server if it still runs, and waits until it has. */
  stop(): Promise<void>;
}

/** The settings that give a server process the test's bucket, as an operator would write them. */
function storageEnv(storage: StorageConfig): Record<string, string> {
  if (storage.kind === 'disk') return {};
  return {
    STORAGE: 's3',
    S3_BUCKET: storage.bucket,
    S3_REGION: storage.region,
    S3_FORCE_PATH_STYLE: String(storage.forcePathStyle),
    S3_REDIRECT_PUBLIC_MEDIA: String(storage.redirectPublicMedia),
    ...(storage.endpoint && { S3_ENDPOINT: storage.endpoint }),
    ...(storage.publicEndpoint && { S3_PUBLIC_ENDPOINT: storage.publicEndpoint }),
    ...(storage.credentials && {
      S3_ACCESS_KEY_ID: storage.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: storage.credentials.secretAccessKey,
    }),
  };
}

/** The environment that points a server process at a test's DATA_DIR, database and storage. */
export function serverEnv(config: Config, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { database } = config;
  return {
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: config.dataDir,
    LOG_LEVEL: 'info',
    SIGNUPS_PER_HOUR_PER_ADDRESS: String(config.signupsPerHourPerAddress),
    PASSWORD_HASH_MEMORY_KIB: String(config.passwordHashCost.memoryKib),
    PASSWORD_HASH_PASSES: String(config.passwordHashCost.passes),
    ...(database.kind === 'postgres'
      ? { DATABASE_URL: database.url, ...(database.schema && { DATABASE_SCHEMA: database.schema }) }
      : {}),
    ...storageEnv(config.storage),
    ...extra,
  };
}

export function waitForOutput(
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
        child.stdout.off('data', onData);
        child.stderr.off('data', onData);
        resolve(match[1] ?? match[0]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}

/**
 * Starts the server and waits until it listens. `detached` puts it in a process group of its own, so the test can
 * kill it (its process group) as a container runtime does; the ffmpeg it started runs in groups of its own.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  options: { detached?: boolean } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', inject('serverBundle')], {
    env,
    detached: options.detached ?? false,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  try {
    const origin = await waitForOutput(child, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 60_000);
    return { child, origin, output: () => output, stop };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

export function exitOf(child: ChildProcessWithoutNullStreams, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not exit within ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

export async function registerOn(origin: string, email: string): Promise<string> {
  const response = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'long enough' }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return sessionCookieFrom(response.headers.get('set-cookie') ?? undefined);
}

/** Every file under `directory`, at any depth; none when it does not exist. */
export async function filesUnder(directory: string): Promise<string[]> {
  try {
    return (await readdir(directory, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A multipart upload of one audio file sent in two halves: the first now, the rest when `finish()` is called, so
 * the test decides what happens while the server is mid-body.
 */
export function uploadInHalves(
  url: string,
  options: { cookie: string; audio: Buffer; agent?: http.Agent; timeoutMs?: number },
): { answer: Promise<Answer>; finish(): void } {
  const boundary = `halves${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const { audio } = options;
  const request = http.request(url, {
    method: 'POST',
    agent: options.agent,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': Buffer.byteLength(head) + audio.length + Buffer.byteLength(tail),
      cookie: options.cookie,
      origin: new URL(url).origin,
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.setTimeout(options.timeoutMs ?? 30_000, () => request.destroy(new Error('no answer in time')));
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on('error', reject);
  });
  request.write(head);
  request.write(audio.subarray(0, audio.length / 2));
  return {
    answer,
    finish: () => request.end(Buffer.concat([audio.subarray(audio.length / 2), Buffer.from(tail)])),
  };
}

/** Publishes `audio` (a WAV) as a post on a running server process; the answer must be 201. */
export async function publishWav(origin: string, cookie: string, audio: Buffer): Promise<Post> {
  const form = multipartFile('audio', 'recording.wav', 'audio/wav', audio);
  const published = await fetch(`${origin}/api/posts`, {
    method: 'POST',
    headers: { ...form.headers, cookie },
    body: form.payload,
  });
  if (published.status !== 201)
    throw new Error(`publishing failed: ${published.status} ${await published.text()}`);
  return (await published.json()) as Post;
}

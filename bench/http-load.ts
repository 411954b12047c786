import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { ownCpuMs } from './proc-stats';
import { percentileOfSorted } from './report';

/** A small closed-loop load generator: N keep-alive connections, each sending its next request on the last answer. */

const HOST = '127.0.0.1';
const REQUEST_TIMEOUT_MS = 10_000;

export interface LoadRequest {
  path: string;
  headers?: http.OutgoingHttpHeaders;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: number;
  body?: Buffer;
  /** performance.now() when the first byte of the body arrived (the end of the answer when it has none). */
  firstByteAt: number;
}

/** One request to 127.0.0.1; the answer's body is kept only when asked, otherwise just counted. */
export function send(
  port: number,
  request: LoadRequest & { method?: string; body?: string | Buffer; keepBody?: boolean },
  agent?: http.Agent,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: HOST,
        port,
        method: request.method ?? 'GET',
        path: request.path,
        headers: request.headers,
        agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        let firstByteAt: number | undefined;
        response.on('data', (chunk: Buffer) => {
          firstByteAt ??= performance.now();
          bytes += chunk.length;
          if (request.keepBody) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            bytes,
            ...(request.keepBody && { body: Buffer.concat(chunks) }),
            firstByteAt: firstByteAt ?? performance.now(),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => outgoing.destroy(new Error('request timed out')));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Sends the request and, when it is answered with a redirect, the same request (without the cookie) there. */
export async function sendFollowingRedirect(
  port: number,
  request: LoadRequest,
  agent?: http.Agent,
): Promise<Answer> {
  const answer = await send(port, request, agent);
  const location = answer.headers.location;
  if (!REDIRECT_STATUSES.has(answer.status) || !location) return answer;
  const target = new URL(location, `http://${HOST}:${port}`);
  if (target.hostname !== HOST) throw new Error(`redirected away from ${HOST}, to ${target.host}`);
  const { cookie: _cookie, ...headers } = request.headers ?? {};
  return send(Number(target.port), { path: target.pathname + target.search, headers }, agent);
}

export interface LoadOptions {
  port: number;
  connections: number;
  durationMs: number;
  /** A hard cap, so a surprisingly fast server still ends the run early. */
  maxRequests: number;
  expectStatus: number;
  request: (index: number) => LoadRequest;
  /**
   * Follow a redirect (one hop, to 127.0.0.1) as a player would, with the same headers but the cookie, which
   * belongs to the app's origin; latencies then run from the first request to the followed answer.
   */
  followRedirect?: boolean;
}

export interface LoadResult {
  requests: number;
  errors: number;
  firstError?: string;
  elapsedMs: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** From sending the request to the first byte of the (followed) answer's body. */
  firstByteP50Ms: number;
  firstByteP99Ms: number;
  bytes: number;
  /** How busy the load generator itself was (CPU ms per wall ms); near 1 means it may be the bottleneck. */
  clientCpuShare: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies = new Float64Array(options.maxRequests);
  const firstByteLatencies = new Float64Array(options.maxRequests);
  let issued = 0;
  let completed = 0;
  let errors = 0;
  let firstError: string | undefined;
  let bytes = 0;
  const cpuBefore = ownCpuMs();
  const start = performance.now();
  const deadline = start + options.durationMs;

  const connection = async () => {
    while (issued < options.maxRequests && performance.now() < deadline) {
      const index = issued;
      issued += 1;
      const sent = performance.now();
      try {
        const request = options.request(index);
        const answer = options.followRedirect
          ? await sendFollowingRedirect(options.port, request, agent)
          : await send(options.port, request, agent);
        bytes += answer.bytes;
        if (answer.status !== options.expectStatus) {
          errors += 1;
          firstError ??= `status ${answer.status} for ${request.path}`;
          continue;
        }
        latencies[completed] = performance.now() - sent;
        firstByteLatencies[completed] = answer.firstByteAt - sent;
        completed += 1;
      } catch (error) {
        errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, connection));
  const elapsedMs = performance.now() - start;
  const clientCpuShare = (ownCpuMs() - cpuBefore) / elapsedMs;
  agent.destroy();

  const sorted = latencies.subarray(0, completed).sort();
  const sortedFirstBytes = firstByteLatencies.subarray(0, completed).sort();
  return {
    requests: completed,
    errors,
    ...(firstError && { firstError }),
    elapsedMs,
    rps: (completed / elapsedMs) * 1000,
    p50Ms: percentileOfSorted(sorted, 50),
    p99Ms: percentileOfSorted(sorted, 99),
    maxMs: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    firstByteP50Ms: percentileOfSorted(sortedFirstBytes, 50),
    firstByteP99Ms: percentileOfSorted(sortedFirstBytes, 99),
    bytes,
    clientCpuShare,
  };
}

/** A multipart/form-data body as a browser sends a recording: the text `fields`, then the WebM file as `audio`. */
export function audioForm(
  audio: Buffer,
  fields: Record<string, string> = {},
): { body: Buffer; contentType: string } {
  const boundary = `----earshotbench${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      Object.entries(fields)
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="clip.webm"\r\n` +
        'Content-Type: audio/webm\r\n\r\n',
    ),
    audio,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Registers a fresh account through the real API and returns its session cookie. */
export async function signUp(port: number, email: string): Promise<string> {
  const answer = await send(port, {
    method: 'POST',
    path: '/api/register',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', firstName: 'Bench' }),
    keepBody: true,
  });
  if (answer.status !== 201) throw new Error(`sign-up failed: ${answer.status} ${answer.body?.toString()}`);
  const cookies = answer.headers['set-cookie'] ?? [];
  const session = cookies.map((cookie) => /^sid=([^;]*)/.exec(cookie)?.[1]).find(Boolean);
  if (!session) throw new Error('sign-up answered without a session cookie');
  return `sid=${session}`;
}

/** The id of the person a session cookie signs in. */
export async function signedInId(port: number, cookie: string): Promise<string> {
  const answer = await send(port, { path: '/api/auth/user', headers: { cookie }, keepBody: true });
  if (answer.status !== 200)
    throw new Error(`GET /api/auth/user: ${answer.status} ${answer.body?.toString()}`);
  return (JSON.parse(answer.body!.toString()) as { id: string }).id;
}

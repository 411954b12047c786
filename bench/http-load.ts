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
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (request.keepBody) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            bytes,
            ...(request.keepBody && { body: Buffer.concat(chunks) }),
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

export interface LoadOptions {
  port: number;
  connections: number;
  durationMs: number;
  /** A hard cap, so a surprisingly fast server still ends the run early. */
  maxRequests: number;
  expectStatus: number;
  request: (index: number) => LoadRequest;
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
  bytes: number;
  /** How busy the load generator itself was (CPU ms per wall ms); near 1 means it may be the bottleneck. */
  clientCpuShare: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies = new Float64Array(options.maxRequests);
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
        const answer = await send(options.port, options.request(index), agent);
        bytes += answer.bytes;
        if (answer.status !== options.expectStatus) {
          errors += 1;
          firstError ??= `status ${answer.status} for ${options.request(index).path}`;
          continue;
        }
        latencies[completed] = performance.now() - sent;
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
  return {
    requests: completed,
    errors,
    ...(firstError && { firstError }),
    elapsedMs,
    rps: (completed / elapsedMs) * 1000,
    p50Ms: percentileOfSorted(sorted, 50),
    p99Ms: percentileOfSorted(sorted, 99),
    maxMs: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    bytes,
    clientCpuShare,
  };
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

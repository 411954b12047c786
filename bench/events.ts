import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createContext } from '../src/server/context';
import { startMainServer, type MainServer } from './main-server';
import { memoryOf } from './proc-stats';
import { log, percentileOfSorted, type Row } from './report';
import type { Workspace } from './workspace';

const OPEN_BATCH = 50;
const DELIVERY_TIMEOUT_MS = 60_000;
/** Streams opened and closed first, so that B's idle memory already includes what the first streams load. */
const WARM_UP_STREAMS = 20;

interface OpenStream {
  request: http.ClientRequest;
  /** performance.now() when this stream's first notification arrived. */
  receivedAt?: number;
}

/** A GET /api/events held open; resolves once its retry hint shows that it has subscribed. */
function openStream(port: number, token: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const stream: OpenStream = {
      request: http.get(
        { host: '127.0.0.1', port, path: '/api/events', headers: { cookie: `sid=${token}` }, agent: false },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`GET /api/events answered ${response.statusCode}`));
            return;
          }
          response.setEncoding('utf8');
          response.on('data', (text: string) => {
            if (text.startsWith('retry:')) resolve(stream);
            if (stream.receivedAt === undefined && text.includes('event: notification')) {
              stream.receivedAt = performance.now();
            }
          });
        },
      ),
    };
    stream.request.on('error', reject);
  });
}

async function openStreams(port: number, tokens: string[]): Promise<OpenStream[]> {
  const streams: OpenStream[] = [];
  for (let first = 0; first < tokens.length; first += OPEN_BATCH) {
    const batch = tokens.slice(first, first + OPEN_BATCH);
    streams.push(...(await Promise.all(batch.map((token) => openStream(port, token)))));
  }
  return streams;
}

/**
 * Live events across two instances on PostgreSQL. Instance A is buildApp() in this process (its own pool and
 * LISTEN connection); instance B is the real server (`src/server/main.ts`) in a process of its own, holding one
 * GET /api/events stream for each of `streams` people. A follows each of them in turn (one transaction each, as
 * the API does); a stream's latency runs from the moment A's write has committed to its event arriving from B.
 */
export async function benchEvents(
  workspace: Workspace,
  options: { streams: number; databaseUrl: string },
): Promise<{ rows: Row[]; notes: string[] }> {
  const schema = `bench_events_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const database = { DATABASE_URL: options.databaseUrl, DATABASE_SCHEMA: schema };
  // The npm-shipped ffmpeg is allowed: nothing here runs it beyond the start-up check.
  const env = { ...database, ALLOW_BUNDLED_FFMPEG: '1' };
  const context = await createContext(
    loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: await workspace.dir('events-a'),
      LOG_LEVEL: 'warn',
      ...env,
    }),
  );
  const instanceA = await buildApp(context, { runJobs: false });
  let streams: OpenStream[] = [];
  let instanceB: MainServer | undefined;
  try {
    await instanceA.ready();
    log(`events: seeding ${options.streams} people with sessions`);
    const now = new Date().toISOString();
    const people = Array.from({ length: options.streams + 1 }, (_, index) => ({
      id: randomUUID(),
      email: `events-${index}@example.com`,
      password_hash: 'bench-user-without-password',
      first_name: 'Bench',
      last_name: `Listener ${index}`,
      username: `events_${index}`,
      created_at: now,
    }));
    await context.db.insertInto('users').values(people).execute();
    const [actor, ...listeners] = people;
    const tokens = await Promise.all(
      listeners.map(async (person) => (await context.sessions.create(person.id)).token),
    );

    instanceB = await startMainServer(workspace, await workspace.dir('events-b'), env);
    await Promise.all((await openStreams(instanceB.port, tokens.slice(0, WARM_UP_STREAMS))).map(close));
    await sleep(1000);
    const idle = await memoryOf(instanceB.pid);
    log(`events: opening ${options.streams} streams on instance B`);
    streams = await openStreams(instanceB.port, tokens);
    await sleep(1000);
    const open = await memoryOf(instanceB.pid);

    log(`events: ${options.streams} writes on instance A`);
    const committedAt: number[] = [];
    const writesStarted = performance.now();
    for (const listener of listeners) {
      await context.follows.toggle(actor!.id, listener.id);
      committedAt.push(performance.now());
    }
    const writeSeconds = (performance.now() - writesStarted) / 1000;
    const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
    while (streams.some((stream) => stream.receivedAt === undefined) && performance.now() < deadline) {
      await sleep(50);
    }
    const latencies = streams.flatMap((stream, index) =>
      stream.receivedAt === undefined ? [] : [stream.receivedAt - committedAt[index]!],
    );
    const missing = streams.length - latencies.length;
    latencies.sort((a, b) => a - b);
    const invalid = missing ? `${missing} events never arrived` : undefined;
    const perStreamKiB = ((open.rssMiB - idle.rssMiB) * 1024) / options.streams;
    return {
      rows: [
        {
          section: 'Events',
          measure: 'delivery p50, commit on A → stream on B',
          ours: percentileOfSorted(latencies, 50),
          unit: 'ms',
          ...(invalid && { invalid }),
        },
        {
          section: 'Events',
          measure: 'delivery p99, commit on A → stream on B',
          ours: percentileOfSorted(latencies, 99),
          unit: 'ms',
          goal: { kind: 'below', value: 100 },
          ...(invalid && { invalid }),
        },
        {
          section: 'Events',
          measure: `B's RSS per open stream (${options.streams} streams)`,
          ours: perStreamKiB,
          unit: 'KiB',
          goal: { kind: 'below', value: 64 },
        },
      ],
      notes: [
        `Events: PostgreSQL schema ${schema} on ${new URL(options.databaseUrl).host}; instance A is buildApp() in the ` +
          `bench process (own pool and LISTEN connection, jobs off), instance B the real server in its own process. ` +
          `${options.streams} people each hold one GET /api/events stream on B (one socket each); A follows each ` +
          `once, one write at a time (${(options.streams / writeSeconds).toFixed(0)} writes/s). B's RSS ` +
          `${idle.rssMiB.toFixed(1)} MiB idle, ${open.rssMiB.toFixed(1)} MiB with the streams open.`,
      ],
    };
  } finally {
    streams.forEach(close);
    if (instanceB) await workspace.stop(instanceB.child);
    await instanceA.close();
    await admin.query(`drop schema ${schema} cascade`).catch(() => {});
    await admin.end();
  }
}

function close(stream: OpenStream): void {
  stream.request.destroy();
}

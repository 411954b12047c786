import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { LIVE_EVENT_NAMES } from '@shared/contract/events';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createContext, type AppContext } from '../src/server/context';
import type { App } from '../src/server/http/app-types';
import { startMainServer, type MainServer } from './main-server';
import { memoryOf, type Memory } from './proc-stats';
import { log, percentileOfSorted, type Row } from './report';
import type { Workspace } from './workspace';

const OPEN_BATCH = 50;
const DELIVERY_TIMEOUT_MS = 60_000;
/** Streams opened and closed first, so that B's idle memory already includes what the first streams load. */
const WARM_UP_STREAMS = 20;

/** An event as it arrives on a stream: its name, its data (JSON text), and performance.now() then. */
export type StreamEventListener = (event: string, data: string, at: number) => void;

export interface OpenStream {
  request: http.ClientRequest;
}

/**
 * A GET /api/events held open; resolves once its retry hint shows that it has subscribed. Each event that arrives
 * goes to `onEvent` (comments and the retry hint do not).
 */
export function openStream(port: number, token: string, onEvent: StreamEventListener = () => {}) {
  return new Promise<OpenStream>((resolve, reject) => {
    const stream: OpenStream = {
      request: http.get(
        { host: '127.0.0.1', port, path: '/api/events', headers: { cookie: `sid=${token}` }, agent: false },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`GET /api/events answered ${response.statusCode}`));
            return;
          }
          response.setEncoding('utf8');
          let pending = '';
          response.on('data', (text: string) => {
            const at = performance.now();
            pending += text;
            const blocks = pending.split('\n\n');
            pending = blocks.pop()!;
            for (const block of blocks) {
              if (block.startsWith('retry:')) resolve(stream);
              const fields = new Map(
                block.split('\n').map((line) => {
                  const colon = line.indexOf(':');
                  return [line.slice(0, colon), line.slice(colon + 1).trimStart()] as const;
                }),
              );
              const event = fields.get('event');
              if (event) onEvent(event, fields.get('data') ?? '', at);
            }
          });
        },
      ),
    };
    stream.request.on('error', reject);
  });
}

export async function openStreams(
  port: number,
  tokens: string[],
  onEvent: (index: number) => StreamEventListener = () => () => {},
): Promise<OpenStream[]> {
  const streams: OpenStream[] = [];
  for (let first = 0; first < tokens.length; first += OPEN_BATCH) {
    const batch = tokens.slice(first, first + OPEN_BATCH);
    streams.push(
      ...(await Promise.all(batch.map((token, index) => openStream(port, token, onEvent(first + index))))),
    );
  }
  return streams;
}

export function closeStream(stream: OpenStream): void {
  stream.request.destroy();
}

export interface SeededPerson {
  id: string;
  /** A session of theirs, made through the app's session store. */
  token: string;
}

/** Two instances of the app on one PostgreSQL schema, with `streams` people holding a stream each on B. */
export interface TwoInstances {
  schema: string;
  /** buildApp() in the bench process (own pool and LISTEN connection, jobs off), listening on 127.0.0.1. */
  a: { context: AppContext; app: App; port: number };
  /** The real server (`src/server/main.ts`, jobs on) in a process of its own. */
  b: MainServer;
  /** The people holding the open streams on B, in the order of `onListenerEvent`'s index. */
  listeners: SeededPerson[];
  /** People seeded with sessions and no stream open. */
  others: SeededPerson[];
  /** B's memory after the warm-up streams closed, and with the listeners' streams open. */
  memory: { idle: Memory; open: Memory };
}

export interface TwoInstancesOptions {
  streams: number;
  others: number;
  databaseUrl: string;
  /** Settings for both instances, on top of the database's. */
  env?: Record<string, string>;
  onListenerEvent?: (index: number) => StreamEventListener;
}

async function seedPeople(context: AppContext, prefix: string, count: number): Promise<SeededPerson[]> {
  const now = new Date().toISOString();
  const people = Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    email: `${prefix}-${index}@example.com`,
    password_hash: 'bench-user-without-password',
    first_name: 'Bench',
    last_name: `${prefix} ${index}`,
    username: `${prefix}_${index}`,
    created_at: now,
  }));
  if (count > 0) await context.db.insertInto('users').values(people).execute();
  return Promise.all(
    people.map(async ({ id }) => ({ id, token: (await context.sessions.create(id)).token })),
  );
}

/**
 * Live events across two instances on PostgreSQL, in a schema of their own dropped afterwards: A is buildApp() in
 * this process, B the real server in a process of its own, holding one GET /api/events stream for each of
 * `streams` people. `body` runs with everything open; all of it is closed again whatever it does.
 */
export async function withTwoInstances<Result>(
  workspace: Workspace,
  options: TwoInstancesOptions,
  body: (instances: TwoInstances) => Promise<Result>,
): Promise<Result> {
  const schema = `bench_events_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  // The npm-shipped ffmpeg is allowed: the bench chose it (FFMPEG_PATH in `env`) or nothing runs it.
  const env = {
    DATABASE_URL: options.databaseUrl,
    DATABASE_SCHEMA: schema,
    ALLOW_BUNDLED_FFMPEG: '1',
    ...options.env,
  };
  // One DATA_DIR for both, as a bucket would be shared: media stored by A is rendered by B's jobs.
  const dataDir = await workspace.dir('events-data');
  const context = await createContext(
    loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    }),
  );
  const app = await buildApp(context, { runJobs: false });
  let streams: OpenStream[] = [];
  let b: MainServer | undefined;
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    log(`events: seeding ${options.streams + options.others} people with sessions`);
    const listeners = await seedPeople(context, 'events', options.streams);
    const others = await seedPeople(context, 'events-other', options.others);

    b = await startMainServer(workspace, dataDir, env);
    const warmUp = listeners.slice(0, WARM_UP_STREAMS).map((person) => person.token);
    (await openStreams(b.port, warmUp)).forEach(closeStream);
    await sleep(1000);
    const idle = await memoryOf(b.pid);
    log(`events: opening ${options.streams} streams on instance B`);
    streams = await openStreams(
      b.port,
      listeners.map((person) => person.token),
      options.onListenerEvent,
    );
    await sleep(1000);
    const open = await memoryOf(b.pid);
    return await body({ schema, a: { context, app, port }, b, listeners, others, memory: { idle, open } });
  } finally {
    streams.forEach(closeStream);
    if (b) await workspace.stop(b.child);
    await app.close();
    await admin.query(`drop schema ${schema} cascade`).catch(() => {});
    await admin.end();
  }
}

/**
 * Notifications across the two instances: A follows each of the people holding a stream on B in turn (one
 * transaction each, as the API does); a stream's latency runs from the moment A's write has committed to its
 * event arriving from B.
 */
export async function benchEvents(
  workspace: Workspace,
  options: { streams: number; databaseUrl: string },
): Promise<{ rows: Row[]; notes: string[] }> {
  /** performance.now() when each stream's first notification arrived. */
  const receivedAt: Array<number | undefined> = Array.from({ length: options.streams }, () => undefined);
  const onListenerEvent = (index: number) => (event: string, _data: string, at: number) => {
    if (event === LIVE_EVENT_NAMES.notification) receivedAt[index] ??= at;
  };
  return withTwoInstances(
    workspace,
    { ...options, others: 1, onListenerEvent },
    async ({ schema, a, listeners, others, memory }) => {
      const actor = others[0]!;
      log(`events: ${options.streams} writes on instance A`);
      const committedAt: number[] = [];
      const writesStarted = performance.now();
      for (const listener of listeners) {
        await a.context.follows.toggle(actor.id, listener.id);
        committedAt.push(performance.now());
      }
      const writeSeconds = (performance.now() - writesStarted) / 1000;
      const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
      while (receivedAt.some((at) => at === undefined) && performance.now() < deadline) await sleep(50);
      const latencies = receivedAt.flatMap((at, index) =>
        at === undefined ? [] : [at - committedAt[index]!],
      );
      const missing = receivedAt.length - latencies.length;
      latencies.sort((x, y) => x - y);
      const invalid = missing ? `${missing} events never arrived` : undefined;
      const perStreamKiB = ((memory.open.rssMiB - memory.idle.rssMiB) * 1024) / options.streams;
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
            `${memory.idle.rssMiB.toFixed(1)} MiB idle, ${memory.open.rssMiB.toFixed(1)} MiB with the streams open.`,
        ],
      };
    },
  );
}

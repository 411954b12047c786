import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createContext } from '../src/server/context';
import type { App } from '../src/server/http/app-types';
import { multipartForm } from '../tests/support/audio';
import { startTestPushService, type ReceivedPush, type TestPushService } from '../tests/support/push-service';
import type { Fixture } from './audio-fixtures';
import { startMainServer } from './main-server';
import { log, percentileOfSorted, type Row } from './report';
import type { Workspace } from './workspace';
import { signUpInBench } from './accounts';

/** Issue 27: a push reaches the push service within 5 s of the event (p95). */
const PUSH_GOAL_MS = 5_000;
const WARM_UP_EVENTS = 5;
const ARRIVAL_TIMEOUT_MS = 60_000;
/** Under the route's 60 voice messages per person in 10 minutes. */
const SENDS_PER_SENDER = 50;
/** Each instance signs with the deployment's one key but its own subject: the push service sees which delivered. */
const SUBJECT_OF_A = 'mailto:instance-a@bench.invalid';
const SUBJECT_OF_B = 'mailto:instance-b@bench.invalid';

export interface PushBenchOptions {
  events: number;
  /** The voice message each event sends. */
  clip: Fixture;
  ffmpegPath: string;
  /** Where the two-instance run's schema is made (and dropped). */
  databaseUrl: string;
}

interface Measured {
  /** From each message's writing to its push's arrival, sorted. */
  latencies: number[];
  pushes: ReceivedPush[];
}

/**
 * Voice messages to Bob (from a few people, under the send limit), one at a time, through the app (upload, analysis,
 * commit): from each message's writing to its push's arrival, decrypted, at a push service of our own on the
 * loopback address, with the app's job workers delivering as in production. Both times are the system clock's.
 */
async function measure(
  app: App,
  pushService: TestPushService,
  clip: Buffer,
  count: number,
): Promise<Measured> {
  const total = WARM_UP_EVENTS + count;
  const bob = await signUpInBench(app, 'Bob');
  const subscription = pushService.subscribe();
  const subscribed = await app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie: bob.cookie },
    payload: { ...subscription, deviceName: 'Bench browser' },
  });
  if (subscribed.statusCode !== 201) throw new Error(`subscribing answered ${subscribed.statusCode}`);
  const chats: { cookie: string; conversationId: string }[] = [];
  for (let sender = 0; sender * SENDS_PER_SENDER < total; sender += 1) {
    const { cookie } = await signUpInBench(app, `Sender${sender}`);
    const started = await app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie },
      payload: { type: 'direct', participantIds: [bob.id] },
    });
    chats.push({ cookie, conversationId: started.json<{ id: string }>().id });
  }
  const latencies: number[] = [];
  const pushes: ReceivedPush[] = [];
  for (let index = 0; index < total; index += 1) {
    const { cookie, conversationId } = chats[Math.floor(index / SENDS_PER_SENDER)]!;
    const form = multipartForm({ duration: '3' }, [
      { field: 'audio', filename: 'message.webm', contentType: 'audio/webm', content: clip },
    ]);
    const answer = await app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/recordings`,
      headers: { ...form.headers, cookie },
      payload: form.payload,
    });
    if (answer.statusCode !== 201) throw new Error(`sending answered ${answer.statusCode}: ${answer.body}`);
    // Stamped in the transaction that writes the message, just before it commits: the event itself. The push may
    // arrive before the answer does (the worker runs beside the request), so the answer is no start to time from.
    const writtenAt = Date.parse(answer.json<{ timestamp: string }>().timestamp);
    const push = await pushService.nextPush(
      (each) => each.endpoint === subscription.endpoint,
      ARRIVAL_TIMEOUT_MS,
    );
    if (index < WARM_UP_EVENTS) continue;
    latencies.push(performance.timeOrigin + push.receivedAt - writtenAt);
    pushes.push(push);
  }
  return { latencies: latencies.sort((x, y) => x - y), pushes };
}

const latencyRows = (where: string, { latencies }: Measured): Row[] =>
  [50, 95].map((p) => ({
    section: 'Push',
    measure: `voice message push p${p}, ${where} (message written → arrival at the push service)`,
    ours: percentileOfSorted(latencies, p),
    unit: 'ms',
    ...(p === 95 && { goal: { kind: 'below', value: PUSH_GOAL_MS } }),
  }));

/** One instance on SQLite: buildApp() in this process with its job worker. */
async function onSqlite(
  workspace: Workspace,
  pushService: TestPushService,
  options: PushBenchOptions,
  clip: Buffer,
): Promise<Measured> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: await workspace.dir('push-data'),
    LOG_LEVEL: 'silent',
    FFMPEG_PATH: options.ffmpegPath,
    PUSH_ENDPOINT_ALLOWLIST: pushService.origin,
  });
  const app = await buildApp(await createContext(config), { runJobs: true });
  try {
    await app.ready();
    log(`push: SQLite: ${WARM_UP_EVENTS} warm-up and ${options.events} voice messages, one device`);
    return await measure(app, pushService, clip, options.events);
  } finally {
    await app.close();
  }
}

/**
 * Two instances on one PostgreSQL schema (made and dropped here), each with its job worker: A is buildApp() in this
 * process and takes every message, B the real server in a process of its own. Either may deliver the push.
 */
async function onTwoPostgresInstances(
  workspace: Workspace,
  pushService: TestPushService,
  options: PushBenchOptions,
  clip: Buffer,
): Promise<Measured> {
  const schema = `bench_push_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const shared = {
    DATABASE_URL: options.databaseUrl,
    DATABASE_SCHEMA: schema,
    FFMPEG_PATH: options.ffmpegPath,
    PUSH_ENDPOINT_ALLOWLIST: pushService.origin,
  };
  // One DATA_DIR for both, as a bucket would be shared: a message stored by A may be rendered by B's jobs.
  const dataDir = await workspace.dir('push-data-postgres');
  const certificate = path.join(await workspace.dir('push-service'), 'certificate.pem');
  await writeFile(certificate, pushService.certificate);
  const context = await createContext(
    loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      VAPID_SUBJECT: SUBJECT_OF_A,
      ...shared,
    }),
  );
  const a = await buildApp(context, { runJobs: true });
  const b = await startMainServer(workspace, dataDir, {
    ...shared,
    ALLOW_BUNDLED_FFMPEG: '1',
    VAPID_SUBJECT: SUBJECT_OF_B,
    NODE_EXTRA_CA_CERTS: certificate,
  }).catch(async (error: unknown) => {
    await a.close();
    throw error;
  });
  try {
    await a.ready();
    log(
      `push: PostgreSQL, two instances: ${WARM_UP_EVENTS} warm-up and ${options.events} voice messages sent on A`,
    );
    return await measure(a, pushService, clip, options.events);
  } finally {
    await workspace.stop(b.child);
    await a.close();
    await admin.query(`drop schema ${schema} cascade`).catch(() => {});
    await admin.end();
  }
}

export async function benchPush(
  workspace: Workspace,
  options: PushBenchOptions,
): Promise<{ rows: Row[]; notes: string[] }> {
  const pushService = await startTestPushService();
  const clip = await readFile(options.clip.file);
  try {
    const sqlite = await onSqlite(workspace, pushService, options, clip);
    const postgres = await onTwoPostgresInstances(workspace, pushService, options, clip);
    const deliveredByB = postgres.pushes.filter((push) => push.claims.sub === SUBJECT_OF_B).length;
    return {
      rows: [
        ...latencyRows('SQLite, one instance', sqlite),
        ...latencyRows('PostgreSQL, two instances', postgres),
        {
          section: 'Push',
          measure: 'pushes delivered by instance B (the message sent on A), PostgreSQL',
          ours: (100 * deliveredByB) / postgres.pushes.length,
          unit: '%',
        },
      ],
      notes: [
        `Push: ${options.events} voice messages of ${options.clip.seconds} s, one at a time, through app.inject, ` +
          'each timed from its created_at (its timestamp, stamped in the transaction that writes it) to its push’s arrival; ' +
          'each push is signed (VAPID), encrypted (aes128gcm), sent over https to a push service of our own on ' +
          '127.0.0.1 that checks and decrypts it (tests/support/push-service.ts). SQLite: buildApp() with its job ' +
          'worker in the bench process. PostgreSQL: the messages go to instance A (buildApp() in the bench process, ' +
          'jobs on); instance B is the real server in its own process (jobs on) on the same schema and DATA_DIR; ' +
          'the push is delivered by whichever worker claims its jobs (told apart by the VAPID subject each signs ' +
          `with). The messages' rendition jobs share the workers. ${os.cpus().length} cores.`,
      ],
    };
  } finally {
    await pushService.close();
  }
}

import { verifyRequest, type KeyCache } from '@fedify/fedify';
import { Follow, type CryptographicKey, type Multikey } from '@fedify/vocab';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createContext, type AppContext } from '../src/server/context';
import { newId } from '../src/server/ids';
import { multipartForm } from '../tests/support/audio';
import { startFediversePeer } from '../tests/server/support/fediverse-peer';
import type { Fixture } from './audio-fixtures';
import { log, percentileOfSorted, type Row } from './report';
import type { Workspace } from './workspace';
import { signUpInBench } from './accounts';

/** Issue 28's goals: every instance has the post within 10 s (p95); 200 verified inbound activities a second. */
const FANOUT_GOAL_MS = 10_000;
const INBOX_GOAL_PER_SECOND = 200;
/** Our app on 127.0.0.1; each receiving instance on an address of its own from 127.0.1.1, all on one port. */
const APP_PORT = 4300;
const INSTANCE_PORT = 4301;
const ARRIVAL_TIMEOUT_MS = 120_000;
const INBOX_CONCURRENCY = 16;

const instanceHost = (index: number) => `127.0.1.${index + 1}`;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A fediverse instance that checks each delivery's signature as Mastodon does (keys kept once fetched). */
async function startInstance(
  host: string,
  onVerified: (activity: { type?: string }) => void,
): Promise<Server> {
  const keys = new Map<string, CryptographicKey | Multikey>();
  const keyCache: KeyCache = {
    get: async (keyId) => keys.get(keyId.href),
    set: async (keyId, key) => void (key && keys.set(keyId.href, key)),
  };
  const documentLoader = async (url: string) => {
    const response = await fetch(url, { headers: { accept: 'application/activity+json' } });
    return { contextUrl: null, documentUrl: response.url, document: await response.json() };
  };
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      const url = `http://${host}:${INSTANCE_PORT}${request.url}`;
      const signer = await verifyRequest(
        new Request(url, { method: 'POST', headers, body: new Uint8Array(body) }),
        { documentLoader, keyCache },
      );
      if (signer) onVerified(JSON.parse(body.toString('utf8')) as { type?: string });
      response.writeHead(signer ? 202 : 401).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(INSTANCE_PORT, host, resolve));
  return server;
}

/** `perInstance` remote followers of `userId` on each instance, each with its own inbox and the shared one. */
async function seedFollowers(context: AppContext, userId: string, instances: number, perInstance: number) {
  const at = new Date().toISOString();
  for (let instance = 0; instance < instances; instance += 1) {
    const origin = `http://${instanceHost(instance)}:${INSTANCE_PORT}`;
    const actors = Array.from({ length: perInstance }, (_, index) => ({
      id: newId(),
      uri: `${origin}/users/u${index}`,
      inbox_url: `${origin}/users/u${index}/inbox`,
      shared_inbox_url: `${origin}/inbox`,
      handle: `u${index}@${instanceHost(instance)}`,
      fetched_at: at,
      created_at: at,
    }));
    await context.db.insertInto('remote_actors').values(actors).execute();
    await context.db
      .insertInto('remote_follows')
      .values(
        actors.map((actor) => ({
          user_id: userId,
          remote_actor_id: actor.id,
          follow_uri: `${actor.uri}#follow`,
          created_at: at,
        })),
      )
      .execute();
  }
}

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

export interface FanoutBenchOptions {
  instances: number;
  followersPerInstance: number;
  clip: Fixture;
  ffmpegPath: string;
}

/**
 * One public post's fan-out: from its publish answer to its Create arriving, signature checked, at each instance.
 * Our app (SQLite, job worker on) and the receiving instances share this process, so its CPU is both sides'.
 */
export async function benchFanout(
  workspace: Workspace,
  options: FanoutBenchOptions,
): Promise<{ rows: Row[]; notes: string[] }> {
  const arrivals = new Map<number, number>();
  const instances = await Promise.all(
    Array.from({ length: options.instances }, (_, index) =>
      startInstance(instanceHost(index), (activity) => {
        if (activity.type === 'Create' && !arrivals.has(index)) arrivals.set(index, performance.now());
      }),
    ),
  );
  const context = await createContext(
    loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: await workspace.dir('fanout-data'),
      LOG_LEVEL: 'silent',
      FFMPEG_PATH: options.ffmpegPath,
      PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: '1',
    }),
  );
  const app = await buildApp(context, { runJobs: true });
  try {
    await app.listen({ host: '127.0.0.1', port: APP_PORT });
    const author = await signUpInBench(app, 'Fanout');
    log(
      `fanout: ${options.instances * options.followersPerInstance} remote followers on ${options.instances} instances`,
    );
    await seedFollowers(context, author.id, options.instances, options.followersPerInstance);
    const form = multipartForm({ title: 'To everyone', duration: String(options.clip.seconds) }, [
      {
        field: 'audio',
        filename: 'post.webm',
        contentType: 'audio/webm',
        content: await readFile(options.clip.file),
      },
    ]);
    const cpuBefore = process.cpuUsage();
    const published = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { ...form.headers, cookie: author.cookie },
      payload: form.payload,
    });
    const publishedAt = performance.now();
    if (published.statusCode !== 201) throw new Error(`publishing answered ${published.statusCode}`);
    const deadline = publishedAt + ARRIVAL_TIMEOUT_MS;
    while (arrivals.size < options.instances && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cpu = cpuSeconds(cpuBefore);
    const lags = [...arrivals.values()].map((at) => at - publishedAt).sort((x, y) => x - y);
    const missing = options.instances - lags.length;
    const invalid = missing > 0 ? { invalid: `${missing} instances had nothing after 120 s` } : {};
    return {
      rows: [
        ...[50, 95].map((p): Row => ({
          section: 'Federation fan-out',
          measure: `publish → Create at each of ${options.instances} instances, p${p}`,
          ours: percentileOfSorted(lags, p),
          unit: 'ms',
          ...(p === 95 && { goal: { kind: 'below', value: FANOUT_GOAL_MS } }),
          ...invalid,
        })),
        {
          section: 'Federation fan-out',
          measure: 'CPU of the bench process (app and instances) until the last arrival',
          ours: cpu,
          unit: 's',
        },
      ],
      notes: [
        `Federation fan-out: one public post (${options.clip.seconds} s of speech, its Create waits for the AAC ` +
          `rendition) by a person with ${options.followersPerInstance} remote followers on each of ` +
          `${options.instances} instances (HTTP servers on 127.0.1.x in this process, each checking the HTTP ` +
          'Signature against our actor key, fetched once). One delivery per shared inbox, through the job queue ' +
          '(SQLite, the worker in the same process), FEDERATION_ALLOW_PRIVATE_ADDRESSES=1.',
      ],
    };
  } finally {
    await app.close();
    await Promise.all(instances.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

export interface InboxBenchOptions {
  activities: number;
  databaseUrl: string;
  ffmpegPath: string;
}

/** Signed Follows (each of a new person of ours) POSTed to the shared inbox at a fixed concurrency. */
async function inboxRate(
  workspace: Workspace,
  options: InboxBenchOptions,
  database: Record<string, string>,
  label: string,
): Promise<number> {
  const peer = await startFediversePeer();
  const context = await createContext(
    loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: await workspace.dir(`inbox-data-${label}`),
      LOG_LEVEL: 'silent',
      FFMPEG_PATH: options.ffmpegPath,
      PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: '1',
      ...database,
    }),
  );
  // Inbound activities are queued and handled by the job worker; what is timed is their signed, verified arrival.
  const app = await buildApp(context, { runJobs: false });
  try {
    await app.listen({ host: '127.0.0.1', port: APP_PORT });
    const origin = `http://127.0.0.1:${APP_PORT}`;
    const person = await signUpInBench(app, `Inbox${label}`);
    const requests = await Promise.all(
      Array.from({ length: options.activities + INBOX_CONCURRENCY }, (_, index) =>
        peer.sign(
          `${origin}/ap/inbox`,
          new Follow({
            id: new URL(`${peer.actorId}#follows/${index}`),
            actor: new URL(peer.actorId),
            object: new URL(`${origin}/profile/${person.id}`),
          }),
        ),
      ),
    );
    // Warm-up: our app fetches and keeps the peer's key.
    for (const request of requests.splice(0, INBOX_CONCURRENCY)) await fetch(request);
    const started = performance.now();
    let refused = 0;
    await Promise.all(
      Array.from({ length: INBOX_CONCURRENCY }, async () => {
        for (let request = requests.pop(); request; request = requests.pop()) {
          if ((await fetch(request)).status !== 202) refused += 1;
        }
      }),
    );
    if (refused > 0) throw new Error(`${refused} signed activities were refused`);
    return options.activities / ((performance.now() - started) / 1000);
  } finally {
    await app.close();
    await peer.close();
  }
}

/** Verified inbound activities a second on one instance, on SQLite and on PostgreSQL. */
export async function benchInbox(
  workspace: Workspace,
  options: InboxBenchOptions,
): Promise<{ rows: Row[]; notes: string[] }> {
  const schema = `bench_inbox_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    log(
      `inbox: ${options.activities} signed Follows at ${INBOX_CONCURRENCY} at a time, SQLite then PostgreSQL`,
    );
    const sqlite = await inboxRate(workspace, options, {}, 'sqlite');
    const postgres = await inboxRate(
      workspace,
      options,
      { DATABASE_URL: options.databaseUrl, DATABASE_SCHEMA: schema },
      'postgres',
    );
    const row = (measure: string, ours: number): Row => ({
      section: 'Federation inbox',
      measure,
      ours,
      unit: '/s',
      goal: { kind: 'at-least', value: INBOX_GOAL_PER_SECOND },
    });
    return {
      rows: [row('verified activities, SQLite', sqlite), row('verified activities, PostgreSQL', postgres)],
      notes: [
        `Federation inbox: ${options.activities} Follows signed as Mastodon signs (draft-cavage, RSA) by a peer ` +
          `(tests/server/support/fediverse-peer.ts), POSTed ${INBOX_CONCURRENCY} at a time to the shared inbox of ` +
          'buildApp() listening on 127.0.0.1; each is verified (signature, signer = actor, key cached after the ' +
          'first) and queued before its 202. The queued handling (storing the follow, the Accept) is not timed.',
      ],
    };
  } finally {
    await admin.query(`drop schema ${schema} cascade`).catch(() => {});
    await admin.end();
  }
}

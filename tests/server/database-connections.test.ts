import { sql } from 'kysely';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/server/config';
import { createDatabase, pingDatabase } from '../../src/server/db/database';
import { sessionCookieFrom } from './support/accounts';
import { serverEnv, startServerProcess, type ServerProcess } from './support/server-process';
import { createTestConfig, databaseKind } from './support/test-app';
import { waitFor } from './support/waits';

const LOST_CONNECTION_LOG = /lost a PostgreSQL connection/g;

describe.runIf(databaseKind === 'postgres')('PostgreSQL connections dropped under a running server', () => {
  let server: ServerProcess;
  let admin: Client;
  let schema: string;
  let databaseUrl: string;
  let config: Config;
  let cookie: string;
  let cleanup: () => Promise<void>;

  /** The server names its connections after its pid, so only its own backends are ended. */
  const serverBackends = () => `earshot/${server.child.pid}`;

  async function terminateServerBackends(): Promise<number> {
    const { rows } = await admin.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
      [serverBackends()],
    );
    return rows.filter((row) => row.ended).length;
  }

  const lostConnectionsLogged = () => server.output().match(LOST_CONNECTION_LOG)?.length ?? 0;

  /** Polls for `condition`, failing at once with the server's last words if it dies meanwhile. */
  const whileServerRuns = (condition: () => Promise<boolean>, what: string) =>
    waitFor(
      async () => {
        if (server.child.exitCode !== null)
          throw new Error(`the server died:\n${server.output().slice(-2000)}`);
        return (await condition()) ? true : undefined;
      },
      10_000,
      what,
    );

  const currentUser = () =>
    fetch(`${server.origin}/api/auth/user`, { headers: { cookie }, signal: AbortSignal.timeout(10_000) });

  beforeAll(async () => {
    const test = await createTestConfig();
    cleanup = test.cleanup;
    config = test.config;
    if (test.config.database.kind !== 'postgres') throw new Error('PostgreSQL only');
    schema = test.config.database.schema!;
    databaseUrl = test.config.database.url;
    admin = new Client({ connectionString: databaseUrl });
    await admin.connect();
    server = await startServerProcess(serverEnv(test.config));
    const signUp = await fetch(`${server.origin}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dropped@example.com', password: 'long enough' }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(signUp.status).toBe(201);
    cookie = sessionCookieFrom(signUp.headers.get('set-cookie') ?? undefined);
  });

  afterAll(async () => {
    await server?.stop();
    await admin?.end();
    await cleanup?.();
  });

  it('stays up when its idle connections are ended, logs it, and serves the next request', async () => {
    const loggedBefore = lostConnectionsLogged();
    const ended = await terminateServerBackends();
    expect(ended).toBeGreaterThan(0);

    await whileServerRuns(
      async () => lostConnectionsLogged() - loggedBefore >= ended,
      'the lost connections to be logged',
    );
    expect(server.child.exitCode).toBeNull();
    const me = await currentUser();
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe('dropped@example.com');
  });

  it('answers a request whose query is cut off with a 5xx, and carries on', async () => {
    const loggedBefore = lostConnectionsLogged();
    let ended = 0;
    await admin.query('begin');
    try {
      // Holds the request's session lookup in flight until its connection is ended.
      await admin.query(`lock table ${schema}.sessions in access exclusive mode`);
      const cutOff = currentUser().catch((error: unknown) => error);
      await whileServerRuns(async () => {
        const { rows } = await admin.query(
          "select 1 from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'",
          [serverBackends()],
        );
        return rows.length > 0;
      }, 'the request to wait on the lock');
      ended = await terminateServerBackends();
      const answer = await cutOff;
      if (!(answer instanceof Response)) throw new Error(`no answer: ${String(answer)}`);
      expect(answer.status).toBe(500);
      expect((await answer.json()).message).toMatch(/on our side/);
    } finally {
      await admin.query('rollback');
    }

    // A request racing the termination may still meet a connection whose end has not arrived yet.
    await whileServerRuns(
      async () => lostConnectionsLogged() - loggedBefore >= ended,
      'the lost connections to be logged',
    );
    expect((await currentUser()).status).toBe(200);
  });

  it('survives losing a connection in the middle of a transaction: the transaction fails, the next query works', async () => {
    const reported: unknown[] = [];
    const db = createDatabase(config.database, { warn: ({ err }) => reported.push(err) });
    try {
      const transaction = db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        // Between two statements the connection is checked out but idle: pg reports its loss as an event.
        await waitFor(
          async () => (reported.length > 0 ? true : undefined),
          10_000,
          'the loss to be reported',
        );
        await sql`select 1`.execute(trx);
      });
      await expect(transaction).rejects.toThrow(/not queryable|terminat/);
      expect(reported).not.toHaveLength(0);
      await pingDatabase(db);
    } finally {
      await db.destroy();
    }
  });

  it('opens at most DATABASE_POOL_MAX connections', async () => {
    const { database } = loadConfig({
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      DATABASE_POOL_MAX: '2',
    });
    const db = createDatabase(database);
    try {
      const backends = await Promise.all(
        Array.from({ length: 8 }, () =>
          sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(db),
        ),
      );
      expect(new Set(backends.map(({ rows }) => rows[0]!.pid)).size).toBe(2);
    } finally {
      await db.destroy();
    }
  });
});

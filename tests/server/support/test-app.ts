import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../../src/server/app';
import { envSchema, loadConfig, type Config } from '../../../src/server/config';
import { createContext, type AppContext } from '../../../src/server/context';
import { createDatabase, migrateToLatest } from '../../../src/server/db/database';
import type { App } from '../../../src/server/http/app-types';
import { createTestBucket, s3Env } from '../../support/s3-server';
import { databaseUrl, withPgClient } from './postgres';

/**
 * `npm test` runs the server suites on SQLite; `npm run test:pg` sets TEST_DATABASE_URL and the same files run on
 * PostgreSQL, each app in a database of its own copied from one migrated once per run, dropped afterwards.
 * `npm run test:s3` also sets TEST_STORAGE=s3: media then goes to an S3 server started once for the run, each app
 * in a bucket of its own that is emptied and removed afterwards.
 */
export const postgresUrl = process.env.TEST_DATABASE_URL;
export const databaseKind = postgresUrl ? 'postgres' : 'sqlite';
export const storageKind = process.env.TEST_STORAGE === 's3' ? 's3' : 'disk';

export interface TestApp {
  app: App;
  context: AppContext;
  config: Config;
  close(): Promise<void>;
}

/** Where a test app's PostgreSQL tables live, and how they go afterwards (nothing for a shared deployment's). */
interface PostgresPlace {
  url: string;
  schema: string;
  drop?: () => Promise<void>;
}

const uniqueName = () => `test_${randomBytes(6).toString('hex')}`;

/**
 * A database of its own, named as its one schema (no other app's): `create` makes it on the server, `prepare` readies
 * that schema in it. The listening connections of live events are told apart by the name across databases.
 */
async function databaseOfItsOwn(
  serverUrl: string,
  create: (name: string) => string,
  prepare: (name: string) => string,
): Promise<PostgresPlace> {
  const name = uniqueName();
  await withPgClient(serverUrl, (client) => client.query(create(name)));
  const url = databaseUrl(serverUrl, name);
  await withPgClient(url, (client) => client.query(prepare(name)));
  return {
    url,
    schema: name,
    drop: async () => {
      await withPgClient(serverUrl, (client) => client.query(`drop database ${name} with (force)`));
    },
  };
}

/**
 * One empty schema, for the suites about migrations, which migrate it themselves. In a database of its own, not the
 * shared test database: Kysely's migrator reads the tables of every schema in its database, and a schema another
 * test dropped during that read failed it ('relation "test_….kysely_migration" does not exist').
 */
const emptyDatabase = (serverUrl: string) =>
  databaseOfItsOwn(
    serverUrl,
    (name) => `create database ${name}`,
    (name) => `create schema ${name}`,
  );

/** A copy of the run's migrated database (postgres-global-setup.ts), its schema renamed. */
function migratedDatabase(serverUrl: string): Promise<PostgresPlace> {
  const template = inject('postgresTemplate');
  return databaseOfItsOwn(
    serverUrl,
    (name) => `create database ${name} template ${template.database}`,
    (name) => `alter schema ${template.schema} rename to ${name}`,
  );
}

/** Nearly every test signs people up; production refuses this, so a suite starting one gets the default. */
const CHEAPEST_PASSWORD_HASHING = { PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_PASSES: '1' };

/**
 * `database`: on PostgreSQL, an empty database of its own (the default), a migrated database of its own, or the
 * place another test app made (and drops), for a second instance of the same deployment. SQLite is always a file
 * in the app's DATA_DIR (createTestApp copies a migrated one there).
 */
export async function createTestConfig(
  env: Record<string, string> = {},
  database: 'empty' | 'migrated' | PostgresPlace = 'empty',
): Promise<{
  config: Config;
  cleanup: () => Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-test-'));
  const postgres =
    postgresUrl === undefined
      ? undefined
      : typeof database === 'object'
        ? database
        : await (database === 'migrated' ? migratedDatabase : emptyDatabase)(postgresUrl);
  const s3Endpoint = storageKind === 's3' ? inject('s3Endpoint') : undefined;
  const bucket = s3Endpoint ? await createTestBucket(s3Endpoint) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // The suites sign many people up from 127.0.0.1; accounts.test.ts shows the limit with it set.
    SIGNUPS_PER_HOUR_PER_ADDRESS: '0',
    ...(env.NODE_ENV === 'production' ? {} : CHEAPEST_PASSWORD_HASHING),
    ...(postgres ? { DATABASE_URL: postgres.url, DATABASE_SCHEMA: postgres.schema } : {}),
    ...(s3Endpoint && bucket ? s3Env(s3Endpoint, bucket.name) : {}),
    ...env,
  });
  return {
    config,
    async cleanup() {
      await postgres?.drop?.();
      await bucket?.remove();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let migratedSqlite: Promise<string> | undefined;

/**
 * A SQLite database with every migration applied, made once per worker process: each SQLite test app starts from a
 * copy of it rather than migrating an empty one again (every migration commits, which takes seconds on a busy
 * disk). The migrations themselves run from empty in the suites about them, which use `createTestConfig`.
 */
function migratedSqliteFile(): Promise<string> {
  migratedSqlite ??= (async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-test-migrated-'));
    process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
    const { database } = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    if (database.kind !== 'sqlite') throw new Error('a config without DATABASE_URL is on SQLite');
    const db = createDatabase(database);
    try {
      await migrateToLatest(db, database);
    } finally {
      await db.destroy();
    }
    return database.file;
  })();
  return migratedSqlite;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    preferNpmFfmpeg?: boolean;
    /** Another instance of `sameDatabaseAs`'s deployment: its PostgreSQL schema, a DATA_DIR of its own. */
    sameDatabaseAs?: TestApp;
    /**
     * Run background jobs (speech renditions, retakes, removals) in this app, as the server does. Off unless the
     * suite is about them, so the others do not render every upload they make.
     */
    runJobs?: boolean;
    lingering?: BuildAppOptions['lingering'];
    /** Serve the app's pages from this folder (its index.html), as the built server serves dist/client. */
    clientDir?: string;
    /** The PATH the transcript aligner looks for pocketsphinx on (the test process's unless given). */
    alignerSearchPath?: string;
    /** The addresses federation may connect to (a loopback address standing in for the internet). */
    federationMayReach?: (address: string) => boolean;
  } = {},
): Promise<TestApp> {
  const shared = options.sameDatabaseAs?.config.database;
  const { config, cleanup } = await createTestConfig(
    env,
    shared?.kind === 'postgres' && shared.schema ? { url: shared.url, schema: shared.schema } : 'migrated',
  );
  if (config.database.kind === 'sqlite' && !existsSync(config.database.file))
    await copyFile(await migratedSqliteFile(), config.database.file);
  const context = await createContext(config, {
    preferNpmFfmpeg: options.preferNpmFfmpeg,
    ...(options.alignerSearchPath !== undefined && { alignerSearchPath: options.alignerSearchPath }),
    federationMayReach: options.federationMayReach,
  });
  const app = await buildApp(context, {
    runJobs: options.runJobs ?? false,
    lingering: options.lingering,
    clientDir: options.clientDir,
  });
  await app.ready();
  return {
    app,
    context,
    config,
    async close() {
      await app.close();
      await cleanup();
    },
  };
}

/**
 * What a restart of `testApp`'s deployment with ADMIN_EMAILS set does to its database: the addresses' existing
 * accounts become moderators (the supported way, besides `npm run moderator -- grant`).
 */
export async function restartWithAdminEmails(
  testApp: Pick<TestApp, 'config'>,
  ADMIN_EMAILS: string,
): Promise<void> {
  const adminEmails = envSchema.shape.ADMIN_EMAILS.parse(ADMIN_EMAILS);
  const restarted = await createContext({ ...testApp.config, adminEmails });
  await restarted.events.close();
  await restarted.db.destroy();
}

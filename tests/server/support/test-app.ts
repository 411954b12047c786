import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../../src/server/app';
import { envSchema, loadConfig, type Config } from '../../../src/server/config';
import { createContext, type AppContext } from '../../../src/server/context';
import { createDatabase, migrateToLatest } from '../../../src/server/db/database';
import type { App } from '../../../src/server/http/app-types';
import { createTestBucket, s3Env } from '../../support/s3-server';

/**
 * `npm test` runs the server suites on SQLite; `npm run test:pg` sets TEST_DATABASE_URL and the same files run on
 * PostgreSQL, each app in a schema of its own that is dropped afterwards. `npm run test:s3` also sets
 * TEST_STORAGE=s3: media then goes to an S3 server started once for the run, each app in a bucket of its own that
 * is emptied and removed afterwards.
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

async function withPgClient<T>(use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Nearly every test signs people up; production refuses this, so a suite starting one gets the default. */
const CHEAPEST_PASSWORD_HASHING = { PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_PASSES: '1' };

/** `sharedSchema`: a schema another test app made (and drops), for a second instance of the same deployment. */
export async function createTestConfig(
  env: Record<string, string> = {},
  sharedSchema?: string,
): Promise<{
  config: Config;
  cleanup: () => Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-test-'));
  const schema = sharedSchema ?? (postgresUrl ? `test_${randomBytes(6).toString('hex')}` : undefined);
  const ownsSchema = schema !== undefined && schema !== sharedSchema;
  if (ownsSchema) await withPgClient((client) => client.query(`create schema ${schema}`));
  const s3Endpoint = storageKind === 's3' ? inject('s3Endpoint') : undefined;
  const bucket = s3Endpoint ? await createTestBucket(s3Endpoint) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // The suites sign many people up from 127.0.0.1; accounts.test.ts shows the limit with it set.
    SIGNUPS_PER_HOUR_PER_ADDRESS: '0',
    ...(env.NODE_ENV === 'production' ? {} : CHEAPEST_PASSWORD_HASHING),
    ...(postgresUrl && schema ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema } : {}),
    ...(s3Endpoint && bucket ? s3Env(s3Endpoint, bucket.name) : {}),
    ...env,
  });
  return {
    config,
    async cleanup() {
      if (ownsSchema) await withPgClient((client) => client.query(`drop schema ${schema} cascade`));
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
  } = {},
): Promise<TestApp> {
  const shared = options.sameDatabaseAs?.config.database;
  const { config, cleanup } = await createTestConfig(
    env,
    shared?.kind === 'postgres' ? shared.schema : undefined,
  );
  if (config.database.kind === 'sqlite' && !existsSync(config.database.file))
    await copyFile(await migratedSqliteFile(), config.database.file);
  const context = await createContext(config, { preferNpmFfmpeg: options.preferNpmFfmpeg });
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
export async function restartWithAdminEmails(testApp: TestApp, ADMIN_EMAILS: string): Promise<void> {
  const adminEmails = envSchema.shape.ADMIN_EMAILS.parse(ADMIN_EMAILS);
  const restarted = await createContext({ ...testApp.config, adminEmails });
  await restarted.events.close();
  await restarted.db.destroy();
}

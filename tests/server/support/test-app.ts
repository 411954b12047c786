import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import { createContext, type AppContext } from '../../../src/server/context';
import type { App } from '../../../src/server/http/app-types';

/**
 * `npm test` runs the server suites on SQLite; `npm run test:pg` sets TEST_DATABASE_URL and the same files run on
 * PostgreSQL, each app in a schema of its own that is dropped afterwards.
 */
export const postgresUrl = process.env.TEST_DATABASE_URL;
export const databaseKind = postgresUrl ? 'postgres' : 'sqlite';

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

export async function createTestConfig(env: Record<string, string> = {}): Promise<{
  config: Config;
  cleanup: () => Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-test-'));
  const schema = postgresUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  if (schema) await withPgClient((client) => client.query(`create schema ${schema}`));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(postgresUrl && schema ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  return {
    config,
    async cleanup() {
      if (schema) await withPgClient((client) => client.query(`drop schema ${schema} cascade`));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { preferNpmFfmpeg?: boolean } = {},
): Promise<TestApp> {
  const { config, cleanup } = await createTestConfig(env);
  const context = await createContext(config, options);
  const app = await buildApp(context);
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

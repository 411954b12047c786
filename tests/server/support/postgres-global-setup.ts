import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrateToLatest } from '../../../src/server/db/database';
import { databaseUrl, withPgClient } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Set when the suite runs on PostgreSQL: a database migrated once for the run, which each test app copies
     * (`create database … template`), and the schema in it that holds the tables.
     */
    postgresTemplate: { database: string; schema: string };
  }
}

/**
 * Migrating an empty schema cost each test app about 0.27 CPU-s of PostgreSQL's and 0.15 of ours, holding the
 * migration lock the other workers wait on; copying a migrated database costs PostgreSQL about 0.07. Once per
 * run, in vitest's main process.
 */
export default async function setup({ provide }: TestProject): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const template = { database: `test_template_${randomBytes(6).toString('hex')}`, schema: 'migrated' };
  await withPgClient(serverUrl, (client) => client.query(`create database ${template.database}`));
  const dropTemplate = async () => {
    await withPgClient(serverUrl, (client) =>
      client.query(`drop database ${template.database} with (force)`),
    );
  };
  try {
    const url = databaseUrl(serverUrl, template.database);
    await withPgClient(url, (client) => client.query(`create schema ${template.schema}`));
    const config = { kind: 'postgres' as const, url, schema: template.schema, poolMax: 1 };
    const db = createDatabase(config);
    try {
      await migrateToLatest(db, config);
    } finally {
      await db.destroy();
    }
  } catch (error) {
    await dropTemplate();
    throw error;
  }
  provide('postgresTemplate', template);
  return dropTemplate;
}

import { Kysely, Migrator, NO_MIGRATIONS, sql } from 'kysely';
import type { DatabaseConfig } from '../config';
import { createDialect, isVanishedSchema, migrationTableSchema, type ConnectionLog } from './dialect';
import { migrations } from './migrations/index';
import { retryWhen } from './retry';
import type { Database } from './schema';
import { observeTransactions, type TransactionObserver } from './transaction-observer';

export type Db = Kysely<Database>;

/**
 * `log` hears about lost PostgreSQL connections, which never stop the process; `transactions`, if given, hears
 * every transaction end (the in-process event bus delivers on commit).
 */
export function createDatabase(
  config: DatabaseConfig,
  log?: ConnectionLog,
  transactions?: TransactionObserver,
): Db {
  const dialect = createDialect(config, log);
  return new Kysely<Database>({
    dialect: transactions ? observeTransactions(dialect, transactions) : dialect,
  });
}

function migrator(db: Db, config: DatabaseConfig): Migrator {
  const schema = migrationTableSchema(config);
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema && { migrationTableSchema: schema }),
  });
}

async function runMigrations(
  run: Promise<Awaited<ReturnType<Migrator['migrateToLatest']>>>,
): Promise<string[]> {
  const { error, results } = await run;
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((result) => `${result.direction} ${result.migrationName}`);
}

/**
 * Safe when several instances start at once: on PostgreSQL, Kysely holds a session advisory lock (one key for the
 * whole database, whatever the schema) while it reads which migrations ran and applies the rest in one transaction,
 * so the others wait and then find nothing to do. tests/server/concurrent-migrations.test.ts holds it to that.
 */
export function migrateToLatest(db: Db, config: DatabaseConfig): Promise<string[]> {
  return retryWhen(isVanishedSchema, () => runMigrations(migrator(db, config).migrateToLatest()));
}

export function migrateAllDown(db: Db, config: DatabaseConfig): Promise<string[]> {
  return runMigrations(migrator(db, config).migrateTo(NO_MIGRATIONS));
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

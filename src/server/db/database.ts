import { Kysely, Migrator, NO_MIGRATIONS, sql } from 'kysely';
import type { DatabaseConfig } from '../config';
import { createDialect, type ConnectionLog } from './dialect';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** `log` hears about lost PostgreSQL connections, which never stop the process. */
export function createDatabase(config: DatabaseConfig, log?: ConnectionLog): Db {
  return new Kysely<Database>({ dialect: createDialect(config, log) });
}

function migrator(db: Db, config: DatabaseConfig): Migrator {
  // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
  const migrationTableSchema = config.kind === 'postgres' ? config.schema : undefined;
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema && { migrationTableSchema }),
  });
}

async function runMigrations(
  run: Promise<Awaited<ReturnType<Migrator['migrateToLatest']>>>,
): Promise<string[]> {
  const { error, results } = await run;
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((result) => `${result.direction} ${result.migrationName}`);
}

export function migrateToLatest(db: Db, config: DatabaseConfig): Promise<string[]> {
  return runMigrations(migrator(db, config).migrateToLatest());
}

export function migrateAllDown(db: Db, config: DatabaseConfig): Promise<string[]> {
  return runMigrations(migrator(db, config).migrateTo(NO_MIGRATIONS));
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

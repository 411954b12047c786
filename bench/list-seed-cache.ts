import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import type { DatabaseConfig } from '../src/server/config';
import { createDatabase, migrateToLatest } from '../src/server/db/database';
import type { Database } from '../src/server/db/schema';
import { LIST_SEED_VERSION, seedLists, type ListSeedSize } from './list-seed';
import { log } from './report';
import { repoRoot } from './workspace';

/**
 * Seeding a million posts takes minutes, so each seeded database is kept between runs, keyed by the seed's version
 * and size: a SQLite file under the cache directory, and a PostgreSQL schema named after this checkout. A seed is
 * built under a temporary name and renamed when complete, so an interrupted one is never reused. Migrations added
 * since are applied to the cached data at each run, as a deployment would.
 *
 * To start over: delete the cache directory and `drop schema <name> cascade` (the notes print the name).
 */

export interface CachedSeed {
  kind: DatabaseConfig['kind'];
  /** SQLite: the DATA_DIR that holds it. */
  dataDir?: string;
  postgres?: { url: string; schema: string };
  description: string;
}

interface SeedRecord {
  seconds: number;
  at: string;
}
type SeedRecords = Partial<Record<DatabaseConfig['kind'], SeedRecord>>;

const TABLES = [
  'users',
  'audio_assets',
  'images',
  'posts',
  'comments',
  'notifications',
  'follows',
  'posts_search',
  'users_search',
];

const cacheKey = (size: ListSeedSize) => `lists-v${LIST_SEED_VERSION}-${size.posts}`;

function recordsFile(cacheDir: string, size: ListSeedSize): string {
  return path.join(cacheDir, `${cacheKey(size)}.json`);
}

async function readRecords(cacheDir: string, size: ListSeedSize): Promise<SeedRecords> {
  try {
    return JSON.parse(await readFile(recordsFile(cacheDir, size), 'utf8')) as SeedRecords;
  } catch {
    return {};
  }
}

async function record(cacheDir: string, size: ListSeedSize, kind: DatabaseConfig['kind'], seconds: number) {
  const records = await readRecords(cacheDir, size);
  await mkdir(cacheDir, { recursive: true });
  records[kind] = { seconds, at: new Date().toISOString() };
  await writeFile(recordsFile(cacheDir, size), JSON.stringify(records, null, 2));
}

async function describe(
  cacheDir: string,
  size: ListSeedSize,
  kind: DatabaseConfig['kind'],
  where: string,
  seededNow: boolean,
  migration: { applied: string[]; seconds: number },
): Promise<string> {
  const seeded = (await readRecords(cacheDir, size))[kind];
  const seeding = seeded ? `seeded in ${seeded.seconds.toFixed(0)} s` : 'seeding time unknown';
  const migrated = migration.applied.length
    ? `; ${migration.applied.length} new migration(s) applied to it in ${migration.seconds.toFixed(1)} s ` +
      `(${migration.applied.join(', ')})`
    : '';
  return `${where}, ${seededNow ? seeding : `cached (${seeding}, ${seeded?.at ?? 'earlier'})`}${migrated}`;
}

async function timedMigration(config: DatabaseConfig) {
  const db = createDatabase(config);
  try {
    const started = performance.now();
    const applied = await migrateToLatest(db, config);
    const seconds = (performance.now() - started) / 1000;
    // Newer migrations change the seed after its VACUUM ANALYZE, and this machine's PostgreSQL runs no autovacuum,
    // which a deployment's would do: without fresh statistics a rare search word was planned as a common one (a
    // walk of every post, 330 ms), and a GIN index's pending list of unmerged rows is read by every search.
    if (config.kind === 'postgres' && applied.length > 0)
      await sql.raw(`vacuum (analyze) ${TABLES.join(', ')}`).execute(db);
    return { applied, seconds };
  } finally {
    await db.destroy();
  }
}

export async function cachedSqliteSeed(cacheDir: string, size: ListSeedSize): Promise<CachedSeed> {
  const dataDir = path.join(cacheDir, cacheKey(size));
  const file = path.join(dataDir, 'earshot.sqlite');
  const seededNow = !existsSync(file);
  if (seededNow) {
    const building = `${dataDir}.seeding`;
    await rm(building, { recursive: true, force: true });
    await mkdir(building, { recursive: true });
    const handle = new SqliteDatabase(path.join(building, 'earshot.sqlite'));
    // A bulk load into a file nobody else has open, renamed only once complete: no journal is needed.
    handle.pragma('journal_mode = OFF');
    handle.pragma('synchronous = OFF');
    handle.pragma('cache_size = -1000000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: handle }) });
    const started = performance.now();
    try {
      await migrateToLatest(db, { kind: 'sqlite', file });
      log(`lists: seeding SQLite in ${building}`);
      await seedLists(db, 'sqlite', size, (message) => log(`lists: SQLite: ${message}`));
    } finally {
      await db.destroy();
    }
    await record(cacheDir, size, 'sqlite', (performance.now() - started) / 1000);
    await rename(building, dataDir);
  }
  const migration = await timedMigration({ kind: 'sqlite', file });
  return {
    kind: 'sqlite',
    dataDir,
    description: await describe(cacheDir, size, 'sqlite', file, seededNow, migration),
  };
}

async function schemaExists(admin: Client, schema: string): Promise<boolean> {
  const { rowCount } = await admin.query('select 1 from information_schema.schemata where schema_name = $1', [
    schema,
  ]);
  return (rowCount ?? 0) > 0;
}

export async function cachedPostgresSeed(
  cacheDir: string,
  url: string,
  size: ListSeedSize,
): Promise<CachedSeed> {
  const checkout = createHash('sha256').update(repoRoot).digest('hex').slice(0, 6);
  const schema = `bench_${cacheKey(size).replaceAll('-', '_')}_${checkout}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  let seededNow = false;
  try {
    if (!(await schemaExists(admin, schema))) {
      seededNow = true;
      const building = `${schema}_seeding`;
      await admin.query(`drop schema if exists ${building} cascade`);
      await admin.query(`create schema ${building}`);
      const config: DatabaseConfig = { kind: 'postgres', url, schema: building, poolMax: 1 };
      const db = createDatabase(config);
      const started = performance.now();
      try {
        await migrateToLatest(db, config);
        log(`lists: seeding PostgreSQL in schema ${building}`);
        await db.connection().execute(async (connection) => {
          await sql`set synchronous_commit = off`.execute(connection);
          // Rows are consistent by construction; per-row foreign key triggers would double the load's time.
          // Only a superuser may skip them, so without that right the load just takes longer.
          await sql`set session_replication_role = replica`.execute(connection).catch(() => {});
          await seedLists(connection, 'postgres', size, (message) => log(`lists: PostgreSQL: ${message}`));
          await sql`set session_replication_role = default`.execute(connection).catch(() => {});
          await sql.raw(`vacuum (analyze) ${TABLES.join(', ')}`).execute(connection);
        });
      } finally {
        await db.destroy();
      }
      await record(cacheDir, size, 'postgres', (performance.now() - started) / 1000);
      await admin.query(`alter schema ${building} rename to ${schema}`);
    }
  } finally {
    await admin.end();
  }
  const migration = await timedMigration({ kind: 'postgres', url, schema, poolMax: 1 });
  return {
    kind: 'postgres',
    postgres: { url, schema },
    description: await describe(cacheDir, size, 'postgres', `schema ${schema}`, seededNow, migration),
  };
}

/**
 * The SQLite seed of `size`, and PostgreSQL's when `postgresUrl` is set and reachable; a PostgreSQL that cannot be
 * seeded is left out with a note under `section`'s name rather than failing the run.
 */
export async function cachedSeeds(
  section: string,
  options: { cacheDir: string; postgresUrl?: string | undefined },
  size: ListSeedSize,
  notes: string[],
): Promise<CachedSeed[]> {
  const seeds = [await cachedSqliteSeed(options.cacheDir, size)];
  if (options.postgresUrl) {
    try {
      seeds.push(await cachedPostgresSeed(options.cacheDir, options.postgresUrl, size));
    } catch (error) {
      notes.push(
        `${section}: PostgreSQL left out (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
  }
  return seeds;
}

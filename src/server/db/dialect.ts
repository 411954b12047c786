import { Pool, type PoolConfig } from 'pg';
import SqliteDatabase from 'better-sqlite3';
import {
  PostgresAdapter,
  sql,
  type RawBuilder,
  PostgresDialect,
  SqliteDialect,
  type Dialect,
  type Kysely,
  type SelectQueryBuilder,
  type SqliteDatabase as KyselySqliteDatabase,
  type SqliteStatement as KyselySqliteStatement,
} from 'kysely';
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseConfig } from '../config';
import type { Database } from './schema';
import { searchRank } from './search-text';

/** Every difference between SQLite and PostgreSQL lives in this file, but for full-text search (db/search/). */

type PostgresConfig = Extract<DatabaseConfig, { kind: 'postgres' }>;

/** Whether `db` (or a transaction on it) talks to PostgreSQL; Kysely's adapter is the dialect's own. */
export function isPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The schema Kysely keeps its migration bookkeeping in; unset, it searches every schema on PostgreSQL. */
export function migrationTableSchema(config: DatabaseConfig): string | undefined {
  return config.kind === 'postgres' ? config.schema : undefined;
}

/**
 * Where live events between instances travel (PostgreSQL LISTEN/NOTIFY). Undefined on SQLite: one process
 * owns the file, so events stay in it.
 */
export function listenNotifyConnection(
  config: DatabaseConfig,
): Pick<PostgresConfig, 'url' | 'schema'> | undefined {
  return config.kind === 'postgres' ? { url: config.url, schema: config.schema } : undefined;
}

/** Where lost PostgreSQL connections are reported (the app's logger). */
export interface ConnectionLog {
  warn(details: { err: unknown }, message: string): void;
}

export function createDialect(config: DatabaseConfig, log?: ConnectionLog): Dialect {
  if (config.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const database = new SqliteDatabase(config.file);
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    database.function('search_rank', { deterministic: true, varargs: true }, searchRank);
    return new SqliteDialect({ database: withStatementCache(database) });
  }
  const pool = new Pool(postgresPoolConfig(config));
  // pg emits 'error' on a client whose connection dies (restart, failover, idle timeout, pooler recycle,
  // pg_terminate_backend), and an 'error' event nobody listens to ends the process. The query in flight, if any,
  // rejects on its own; the pool drops the broken client (at once if idle, else when it is released) and opens
  // a new one for the next query.
  pool.on('connect', (client) => {
    let lost = false;
    client.on('error', (error) => {
      // pg reports a terminated backend twice: its last message, then the closed socket.
      if (lost) return;
      lost = true;
      log?.warn({ err: error }, 'lost a PostgreSQL connection; the pool replaces it');
    });
  });
  // The pool re-emits an idle client's error, already logged by that client's own listener.
  pool.on('error', () => {});
  return new PostgresDialect({ pool });
}

function postgresPoolConfig(config: PostgresConfig): PoolConfig {
  return {
    connectionString: config.url,
    max: config.poolMax,
    // Names this process's connections in pg_stat_activity, unless DATABASE_URL or PGAPPNAME names them.
    fallback_application_name: `earshot/${process.pid}`,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be reused, and preparing is a measurable part
 * of a small query's cost. Queries are built from a fixed set of shapes, so a bounded cache keeps them all.
 */
function withStatementCache(database: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, KyselySqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = withFastRows(database.prepare(sql));
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * better-sqlite3 builds each row object in C++ one property at a time, which was half the time of a feed page's
 * query (50 posts with their audio and author). A reading statement instead returns rows as arrays, and a
 * function compiled once per statement turns each into an object literal of its columns, which V8 builds in one
 * go with a shared shape: 0.98 → 0.48 ms for that page. Column names come from our own SQL, never from input.
 */
function withFastRows(statement: SqliteDatabase.Statement): KyselySqliteStatement {
  if (!statement.reader) return statement;
  const arrays = statement.raw(true);
  let toRow = compileRowBuilder(statement);
  const objectOf = (values: unknown[]) => {
    // SQLite re-prepares a statement when another process changes the schema, so `posts.*` may grow.
    if (values.length !== toRow.columnCount) toRow = compileRowBuilder(statement);
    return toRow.build(values);
  };
  return {
    reader: true,
    all: (parameters) => (arrays.all(parameters) as unknown[][]).map(objectOf),
    run: (parameters) => arrays.run(parameters),
    *iterate(parameters) {
      for (const values of arrays.iterate(parameters) as IterableIterator<unknown[]>) yield objectOf(values);
    },
  };
}

function compileRowBuilder(statement: SqliteDatabase.Statement) {
  const names = statement.columns().map((column) => column.name);
  // A computed key, so that a column named __proto__ would be a property, not the prototype.
  const key = (name: string) => (name === '__proto__' ? '["__proto__"]' : JSON.stringify(name));
  const fields = names.map((name, index) => `${key(name)}: values[${index}]`).join(', ');
  const build = new Function('values', `return { ${fields} };`) as (values: unknown[]) => unknown;
  return { columnCount: names.length, build };
}

/** A unique constraint refused the write (duplicate e-mail, username …). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * PostgreSQL gave up on the transaction so another could go on (a deadlock, or a serialization failure): run again,
 * it likely succeeds. SQLite has one writer and waits instead.
 */
export function isTransientConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '40P01' || code === '40001';
}

/**
 * PostgreSQL named a schema (3F000), a table (42P01) or a column (42703) that no longer exists. Kysely's migrator
 * lists the columns of every schema and looks each one up again by name (its privilege, its serial sequence), so
 * another deployment's schema dropped at that moment (tests drop theirs all the time) fails it before any migration
 * of ours has run: trying again is safe, and our own migrations run in one transaction, so a missing table or column
 * of ours fails the same way on every try.
 */
export function isVanishedSchema(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '3F000' || code === '42P01' || code === '42703';
}

/** PostgreSQL returns COUNT(*) as a bigint string; SQLite as a number. */
export function countToNumber(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/**
 * Locks the selected rows and passes over rows another transaction holds, so concurrent workers each take a
 * different one. PostgreSQL only: SQLite has one writer, so a select inside a write statement is already exclusive.
 */
export function forUpdateSkipLocked<TB extends keyof Database, O>(
  db: Kysely<Database>,
  query: SelectQueryBuilder<Database, TB, O>,
): SelectQueryBuilder<Database, TB, O> {
  return isPostgres(db) ? query.forUpdate().skipLocked() : query;
}

/**
 * Locks the selected rows until the transaction ends, and holds back writes that reference them (a new row whose
 * foreign key points at one waits, then fails if it was deleted). SQLite has one writer, so its transaction is.
 */
export function forUpdate<TB extends keyof Database, O>(
  db: Kysely<Database>,
  query: SelectQueryBuilder<Database, TB, O>,
): SelectQueryBuilder<Database, TB, O> {
  return isPostgres(db) ? query.forUpdate() : query;
}

/**
 * Locks the selected rows until the transaction ends, without holding back writes that only reference them.
 * PostgreSQL only: SQLite runs one transaction at a time on its one connection, so each is already exclusive.
 */
export function forNoKeyUpdate<TB extends keyof Database, O>(
  db: Kysely<Database>,
  query: SelectQueryBuilder<Database, TB, O>,
): SelectQueryBuilder<Database, TB, O> {
  return isPostgres(db) ? query.forNoKeyUpdate() : query;
}

/** The larger of two numbers: SQLite's two-argument `max`, PostgreSQL's `greatest`. */
export function greatest(
  db: Pick<Kysely<unknown>, 'getExecutor'>,
  a: RawBuilder<number>,
  b: RawBuilder<number>,
) {
  return isPostgres(db) ? sql<number>`greatest(${a}, ${b})` : sql<number>`max(${a}, ${b})`;
}

/** Days from `epoch` to an ISO-8601 text timestamp column, as a double. */
export function daysSince(
  db: Pick<Kysely<unknown>, 'getExecutor'>,
  timestamp: RawBuilder<string>,
  epoch: string,
) {
  return isPostgres(db)
    ? sql<number>`(cast(extract(epoch from cast(${timestamp} as timestamptz) - cast(${epoch} as timestamptz)) as double precision) / 86400)`
    : sql<number>`(julianday(${timestamp}) - julianday(${epoch}))`;
}

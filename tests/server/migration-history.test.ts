import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/server/db/database';
import { migrationTableSchema } from '../../src/server/db/dialect';
import { migrations } from '../../src/server/db/migrations/index';
import { createTestConfig, databaseKind } from './support/test-app';

/**
 * The newest migration when the schemas below were taken. Migrations are history: what they make up to here must
 * never change, or a fresh install would differ from the databases that ran them when they shipped. New migrations
 * come after it and change nothing here.
 */
const FROZEN_UP_TO = '20261125T0400-account-data';

/** Every table, index and trigger as SQLite stores its statement (FTS5's own tables included). */
async function sqliteSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master
    where name not like 'kysely_%' and name not like 'sqlite_%' order by type, name`.execute(db);
  return rows.map((row) => `-- ${row.type} ${row.name}\n${row.sql ?? ''}`).join('\n\n');
}

/** Columns, constraints, indexes, triggers and functions of the deployment's schema, named without it. */
async function postgresSchema(db: Db, schema: string): Promise<string> {
  const lines = async (query: ReturnType<typeof sql<{ line: string }>>) =>
    (await query.execute(db)).rows.map((row) => row.line);
  const sections = {
    columns: await lines(sql<{ line: string }>`
      select c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || case when a.attnotnull then ' not null' else '' end
        || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
        || case when a.attidentity <> '' then ' identity ' || a.attidentity::text else '' end
        || case when a.attstattarget >= 0 then ' statistics ' || a.attstattarget::text else '' end as line
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = ${schema} and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        and c.relname not like 'kysely_%'
      order by c.relname, a.attname`),
    constraints: await lines(sql<{ line: string }>`
      select c.relname || ' ' || con.conname || ' ' || pg_get_constraintdef(con.oid) as line
      from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relname not like 'kysely_%' order by c.relname, con.conname`),
    indexes: await lines(sql<{ line: string }>`
      select indexdef as line from pg_indexes
      where schemaname = ${schema} and tablename not like 'kysely_%' order by indexname`),
    triggers: await lines(sql<{ line: string }>`
      select pg_get_triggerdef(t.oid) as line
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and not t.tgisinternal order by c.relname, t.tgname`),
    functions: await lines(sql<{ line: string }>`
      select pg_get_functiondef(p.oid) as line
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = ${schema} order by p.proname`),
  };
  return Object.entries(sections)
    .map(([name, section]) => `-- ${name}\n${section.join('\n')}`)
    .join('\n\n')
    .replaceAll(`${schema}.`, '<schema>.');
}

describe('migrations from zero', () => {
  it(`make the schema they made when they shipped, up to ${FROZEN_UP_TO}`, async () => {
    const { config, cleanup } = await createTestConfig();
    const db = createDatabase(config.database);
    try {
      const schema = migrationTableSchema(config.database);
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        ...(schema && { migrationTableSchema: schema }),
      });
      const { error } = await migrator.migrateTo(FROZEN_UP_TO);
      expect(error).toBeUndefined();

      const dump = schema ? await postgresSchema(db, schema) : await sqliteSchema(db);
      await expect(`${dump}\n`).toMatchFileSnapshot(`./__snapshots__/migration-history.${databaseKind}.sql`);
    } finally {
      await db.destroy();
      await cleanup();
    }
  });
});

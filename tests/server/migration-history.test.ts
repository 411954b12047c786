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

/** A new database of its own, which `use` migrates as far as it needs with `migrateTo`. */
async function withNewDatabase(
  use: (db: Db, migrateTo: (name: string) => Promise<void>, schema: string | undefined) => Promise<void>,
) {
  const { config, cleanup } = await createTestConfig();
  const db = createDatabase(config.database);
  const schema = migrationTableSchema(config.database);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema && { migrationTableSchema: schema }),
  });
  try {
    await use(
      db,
      async (name) => {
        const { error } = await migrator.migrateTo(name);
        expect(error).toBeUndefined();
      },
      schema,
    );
  } finally {
    await db.destroy();
    await cleanup();
  }
}

describe('migrations from zero', () => {
  it(`make the schema they made when they shipped, up to ${FROZEN_UP_TO}`, async () => {
    await withNewDatabase(async (db, migrateTo, schema) => {
      await migrateTo(FROZEN_UP_TO);
      const dump = schema ? await postgresSchema(db, schema) : await sqliteSchema(db);
      await expect(`${dump}\n`).toMatchFileSnapshot(`./__snapshots__/migration-history.${databaseKind}.sql`);
    });
  });
});

const day = (date: string) => `2026-03-${date}T00:00:00.000Z`;
/** Days since the trending epoch (2026-01-01) of 2026-03-01: each point below is ln(weight) + days / 1.5. */
const MARCH_FIRST = 59;

describe('20261124T1800-discover on a database that has posts and people', () => {
  it('scores each post from its engagement and dates each person by their public acts', async () => {
    await withNewDatabase(async (db, migrateTo) => {
      await migrateTo('20261124T1700-search');
      const person = (id: string) =>
        sql`insert into users (id, email, password_hash, username, created_at)
          values (${id}, ${`${id}@example.com`}, 'not-a-hash', ${id}, ${day('01')})`.execute(db);
      const post = (id: string, isDraft: number, at: string) =>
        sql`insert into posts (id, user_id, type, is_draft, is_private, title, category, audio_id, created_at,
            updated_at)
          values (${id}, 'author', 'post', ${isDraft}, 0, ${id}, 'talk', 'audio', ${at}, ${at})`.execute(db);
      await person('author');
      await person('listener');
      await sql`insert into audio_assets (id, owner_id, is_private, original_key, original_mime, original_bytes,
          duration, waveform_json, peaks_json, peaks_per_second, created_at)
        values ('audio', 'author', 0, 'key', 'audio/webm', 1, 1, '[]', '[]', 1, ${day('01')})`.execute(db);
      await post('public', 0, day('01'));
      await post('draft', 1, day('05'));
      await sql`insert into sessions (id, user_id, created_at, expires_at)
        values ('session', 'author', ${day('06')}, ${day('30')})`.execute(db);
      await sql`insert into post_reactions (post_id, user_id, kind, created_at)
        values ('public', 'listener', 'like', ${day('02')})`.execute(db);
      await sql`insert into follows (follower_id, following_id, created_at)
        values ('listener', 'author', ${day('03')})`.execute(db);
      await sql`insert into post_listen_days (post_id, owner_id, day, listens) values ('public', 'author', '2026-03-04', 3)`.execute(
        db,
      );

      await migrateTo('20261124T1800-discover');

      const people = await sql<{ id: string; last_active_at: string | null }>`
        select id, last_active_at from users order by id`.execute(db);
      // A draft and a sign-in are the author's own: Active Users never tells them.
      expect(people.rows).toEqual([
        { id: 'author', last_active_at: day('01') },
        { id: 'listener', last_active_at: day('03') },
      ]);
      const posts = await sql<{ id: string; trending_score: number }>`
        select id, trending_score from posts order by id`.execute(db);
      const points = [
        MARCH_FIRST / 1.5, // published
        Math.log(2) + (MARCH_FIRST + 1) / 1.5, // liked by someone else
        Math.log(3) + (MARCH_FIRST + 3.5) / 1.5, // three listens, counted at noon of their day
      ];
      const scores = Object.fromEntries(posts.rows.map((row) => [row.id, Number(row.trending_score)]));
      expect(scores.draft).toBeCloseTo((MARCH_FIRST + 4) / 1.5, 9);
      expect(scores.public).toBeCloseTo(Math.log(points.reduce((sum, point) => sum + Math.exp(point), 0)), 9);
    });
  });
});

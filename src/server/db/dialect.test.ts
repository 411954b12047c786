import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDialect, isPostgres } from './dialect';
import type { Database } from './schema';

describe('SQLite rows (read as arrays, built by a compiled literal)', () => {
  let directory: string;
  let file: string;
  let db: Kysely<Record<string, never>>;

  beforeEach(async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'earshot-dialect-'));
    file = path.join(directory, 'test.sqlite');
    db = new Kysely({ dialect: createDialect({ kind: 'sqlite', file }) });
    await sql`create table notes (id integer primary key, body text)`.execute(db);
    await sql`insert into notes (id, body) values (1, 'first'), (2, null)`.execute(db);
  });

  afterEach(async () => {
    await db.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  it('gives every column its value, nulls included, as plain objects', async () => {
    const { rows } = await sql`select id, body from notes order by id`.execute(db);
    expect(rows).toEqual([
      { id: 1, body: 'first' },
      { id: 2, body: null },
    ]);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
  });

  it('follows the columns when another process changes the table under a cached statement', async () => {
    const query = () => sql`select notes.*, 'end' as tail from notes where id = 1`.execute(db);
    expect((await query()).rows).toEqual([{ id: 1, body: 'first', tail: 'end' }]);

    const other = new SqliteDatabase(file);
    other.exec(`alter table notes add column mood text default 'calm'`);
    other.close();

    expect((await query()).rows).toEqual([{ id: 1, body: 'first', mood: 'calm', tail: 'end' }]);
  });

  it('keeps a column named __proto__ as a property', async () => {
    const { rows } = await sql`select 1 as "__proto__"`.execute(db);
    const row = rows[0] as object;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(1);
  });
});

describe('isPostgres', () => {
  it('tells the database from the db alone, and from a transaction on it', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'earshot-dialect-'));
    const sqlite = new Kysely<Database>({
      dialect: createDialect({ kind: 'sqlite', file: path.join(directory, 'test.sqlite') }),
    });
    // The pool connects on the first query, so no server is needed to ask which dialect this is.
    const postgres = new Kysely<Database>({
      dialect: createDialect({
        kind: 'postgres',
        url: 'postgres://127.0.0.1:1/none',
        schema: undefined,
        poolMax: 1,
      }),
    });
    try {
      expect(isPostgres(postgres)).toBe(true);
      expect(isPostgres(sqlite)).toBe(false);
      expect(await sqlite.transaction().execute(async (trx) => isPostgres(trx))).toBe(false);
    } finally {
      await Promise.all([sqlite.destroy(), postgres.destroy()]);
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

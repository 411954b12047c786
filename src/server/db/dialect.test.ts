import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDialect } from './dialect';

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

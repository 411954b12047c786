import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import * as firstSearch from './20261124T1700-search';

/**
 * The search tables of 20261124T1700-search, keyed by each row's id instead of its rowid (which a VACUUM may
 * renumber), and with a key that grows as rows are written, so a search can take the newest matches straight from
 * its index (queries/search.ts). Each table has a search table of the same name with `_search`.
 *
 * SQLite: `<table>_search_keys` gives each id a key (an INTEGER PRIMARY KEY, which VACUUM keeps), and the FTS5
 * table is contentless, its rowid that key: it stores the index alone, the text stays in the rows. Contentless
 * tables need their deletes by rowid (`contentless_delete`), which the keys give.
 *
 * PostgreSQL: the stored tsvector per row of 20261124T1700-search, with an identity key and a btree on it.
 *
 * Rows there were before are keyed in the order they were created.
 */
export const SEARCHED = {
  posts: { A: ['title'], B: ['category'], C: ['transcription'] },
  users: { A: ['first_name', 'last_name', 'username'], C: ['bio'] },
} as const;

const columnsOf = (table: keyof typeof SEARCHED) => Object.values(SEARCHED[table]).flat();

export async function up(db: Kysely<unknown>): Promise<void> {
  // Its triggers, functions and tables are named as these are.
  await firstSearch.down(db);
  for (const table of ['posts', 'users'] as const) {
    if (isPostgres(db)) await upPostgres(db, table);
    else await upSqlite(db, table);
  }
}

async function upPostgres(db: Kysely<unknown>, table: keyof typeof SEARCHED): Promise<void> {
  const name = `${table}_search`;
  await sql`create table ${sql.table(name)} (
    key bigint generated always as identity primary key,
    id text not null unique references ${sql.table(table)} (id) on delete cascade,
    document tsvector not null)`.execute(db);
  await sql`insert into ${sql.table(name)} (id, document)
    select id, ${firstSearch.searchDocument(table, SEARCHED[table])} from ${sql.table(table)} order by created_at, id`.execute(
    db,
  );
  await sql`create index ${sql.raw(`${name}_document`)} on ${sql.table(name)} using gin (document)`.execute(
    db,
  );
  // A search walks the key for a common word and the GIN index for a rare one, told apart by these statistics:
  // with the default 100, any prefix of a word unknown to them passed for one in 2 % of 100,000 people.
  await sql`alter table ${sql.table(name)} alter column document set statistics 1000`.execute(db);
  await sql`analyze ${sql.table(name)}`.execute(db);
  await sql`create function ${sql.raw(`${name}_write`)}() returns trigger language plpgsql as $$
    begin
      insert into ${sql.table(name)} (id, document) values (new.id, ${firstSearch.searchDocument('new', SEARCHED[table])})
        on conflict (id) do update set document = excluded.document;
      return null;
    end $$`.execute(db);
  await sql`create trigger ${sql.raw(`${name}_write`)}
    after insert or update of ${sql.raw(columnsOf(table).join(', '))} on ${sql.table(table)}
    for each row execute function ${sql.raw(`${name}_write`)}()`.execute(db);
}

async function upSqlite(db: Kysely<unknown>, table: keyof typeof SEARCHED): Promise<void> {
  const name = `${table}_search`;
  const fts = sql.table(name);
  const keys = sql.table(`${name}_keys`);
  const columns = columnsOf(table);
  const list = sql.raw(columns.join(', '));
  const values = (row: string) => sql.raw(columns.map((column) => `${row}.${column}`).join(', '));
  const keyOf = (row: 'new' | 'old') => sql`(select key from ${keys} where id = ${sql.raw(row)}.id)`;
  const add = sql`insert into ${fts} (rowid, ${list}) values (${keyOf('new')}, ${values('new')})`;
  const remove = sql`delete from ${fts} where rowid = ${keyOf('old')}`;
  const trigger = (event: string) => sql.raw(`${name}_${event}`);
  await sql`create table ${keys} (key integer primary key, id text not null unique)`.execute(db);
  await sql`create virtual table ${fts} using fts5 (${list}, content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6')`.execute(db);
  await sql`create trigger ${trigger('insert')} after insert on ${sql.table(table)}
    begin insert into ${keys} (id) values (new.id); ${add}; end`.execute(db);
  await sql`create trigger ${trigger('delete')} after delete on ${sql.table(table)}
    begin ${remove}; delete from ${keys} where id = old.id; end`.execute(db);
  await sql`create trigger ${trigger('update')} after update of ${list} on ${sql.table(table)}
    begin ${remove}; ${add}; end`.execute(db);
  await sql`insert into ${keys} (id) select id from ${sql.table(table)} order by created_at, id`.execute(db);
  await sql`insert into ${fts} (rowid, ${list})
    select keys.key, ${values('rows')} from ${keys} as keys join ${sql.table(table)} as rows on rows.id = keys.id`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await firstSearch.down(db);
  if (!isPostgres(db)) {
    for (const table of ['users', 'posts'] as const)
      await sql`drop table ${sql.table(`${table}_search_keys`)}`.execute(db);
  }
  await firstSearch.up(db);
}

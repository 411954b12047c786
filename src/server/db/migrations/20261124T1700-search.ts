import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Full-text search of posts (title, transcription, category) and people (names, username, bio), kept in step with
 * every write by triggers, in the writer's own transaction, and built here for the rows that exist. Each table
 * has a search table of the same name with `_search`, with one row per row it indexes.
 *
 * SQLite: FTS5 tables over the rows (external content: the text is not stored twice), folding case and accents in
 * their tokenizer, with prefix indexes for the word still being typed. They point at each row's rowid, which a
 * VACUUM may renumber on these tables: after one, `INSERT INTO posts_search(posts_search) VALUES ('rebuild')` (and
 * users_search) makes them whole again.
 *
 * PostgreSQL: a stored tsvector per row with a GIN index. Not an index on an expression of the row: ranking reads
 * each match's document, and recomputing it from the text took 1 s for 30,000 matches among 100,000 posts. Not a
 * generated column either: every `posts.*` of every list would carry it.
 */
const SEARCHED = {
  posts: { A: ['title'], B: ['category'], C: ['transcription'] },
  users: { A: ['first_name', 'last_name', 'username'], C: ['bio'] },
} as const;

/**
 * Latin letters with accents (U+00C0–U+024F that decompose to one ASCII letter) and their plain lowercase letter,
 * as PostgreSQL's documents fold them with `translate` (no extension needed). The query side folds with the same
 * table (search-text.ts); the two must agree letter for letter, so a change there needs a migration that rebuilds
 * the documents.
 */
const ACCENTED =
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ';
const PLAIN =
  'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyy';

const folded = (column: string) =>
  sql`translate(lower(coalesce(${sql.raw(column)}, '')), ${sql.lit(ACCENTED)}, ${sql.lit(PLAIN)})`;

/**
 * A PostgreSQL search document of `row`'s columns (a trigger's `new`, or a table), folded, each group of columns
 * with its weight (A ranks highest). Only literals and our own column names: it goes into a function's body. The
 * later search migrations write their documents with it too.
 */
export function searchDocument(row: string, weights: Partial<Record<'A' | 'B' | 'C', readonly string[]>>) {
  return sql.join(
    Object.entries(weights).map(
      ([weight, columns]) =>
        sql`setweight(to_tsvector('simple'::regconfig, ${sql.join(
          columns.map((column) => folded(`${row}.${column}`)),
          sql` || ' ' || `,
        )}), ${sql.lit(weight)})`,
    ),
    sql` || `,
  );
}

/** FTS5's `bm25` weighs columns in the table's order, so this order is part of queries/search.ts. */
const columnsOf = (table: keyof typeof SEARCHED) => Object.values(SEARCHED[table]).flat();

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['posts', 'users'] as const) {
    if (isPostgres(db)) await upPostgres(db, table);
    else await upSqlite(db, table);
  }
}

async function upPostgres(db: Kysely<unknown>, table: keyof typeof SEARCHED): Promise<void> {
  const name = `${table}_search`;
  await sql`create table ${sql.table(name)} (
    id text primary key references ${sql.table(table)} (id) on delete cascade,
    document tsvector not null)`.execute(db);
  await sql`create index ${sql.raw(`${name}_document`)} on ${sql.table(name)} using gin (document)`.execute(
    db,
  );
  await sql`create function ${sql.raw(`${name}_write`)}() returns trigger language plpgsql as $$
    begin
      insert into ${sql.table(name)} (id, document) values (new.id, ${searchDocument('new', SEARCHED[table])})
        on conflict (id) do update set document = excluded.document;
      return null;
    end $$`.execute(db);
  await sql`create trigger ${sql.raw(`${name}_write`)}
    after insert or update of ${sql.raw(columnsOf(table).join(', '))} on ${sql.table(table)}
    for each row execute function ${sql.raw(`${name}_write`)}()`.execute(db);
  await sql`insert into ${sql.table(name)} (id, document)
    select id, ${searchDocument(table, SEARCHED[table])} from ${sql.table(table)}`.execute(db);
}

async function upSqlite(db: Kysely<unknown>, table: keyof typeof SEARCHED): Promise<void> {
  const name = `${table}_search`;
  const fts = sql.table(name);
  const columns = columnsOf(table);
  const list = sql.raw(columns.join(', '));
  const values = (row: 'new' | 'old') => sql.raw(columns.map((column) => `${row}.${column}`).join(', '));
  const remove = sql`insert into ${fts} (${fts}, rowid, ${list}) values ('delete', old.rowid, ${values('old')})`;
  const add = sql`insert into ${fts} (rowid, ${list}) values (new.rowid, ${values('new')})`;
  const trigger = (event: string) => sql.raw(`${name}_${event}`);
  await sql`create virtual table ${fts} using fts5 (${list}, content = ${sql.lit(table)},
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`.execute(db);
  await sql`create trigger ${trigger('insert')} after insert on ${sql.table(table)} begin ${add}; end`.execute(
    db,
  );
  await sql`create trigger ${trigger('delete')} after delete on ${sql.table(table)} begin ${remove}; end`.execute(
    db,
  );
  await sql`create trigger ${trigger('update')} after update of ${list} on ${sql.table(table)}
    begin ${remove}; ${add}; end`.execute(db);
  await sql`insert into ${fts} (${fts}) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['users', 'posts'] as const) {
    const name = `${table}_search`;
    if (isPostgres(db)) {
      await sql`drop trigger ${sql.raw(`${name}_write`)} on ${sql.table(table)}`.execute(db);
      await sql`drop function ${sql.raw(`${name}_write`)}()`.execute(db);
    } else {
      for (const event of ['insert', 'delete', 'update']) {
        await sql`drop trigger ${sql.raw(`${name}_${event}`)}`.execute(db);
      }
    }
    await sql`drop table ${sql.table(name)}`.execute(db);
  }
}

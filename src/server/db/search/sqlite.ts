import { sql } from 'kysely';
import { visibleIn } from './candidates';
import type { FullTextSearch } from './index';

/** FTS5: every word must match, the last one as a prefix (the person may still be typing it). */
export function fts5Query(terms: string[]): string {
  return terms.map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`).join(' ');
}

/** What a search reads of each table, and how much each part counts towards relevance (search_rank). */
const WEIGHTS = {
  posts: { title: 10, category: 4, transcription: 1 },
  users: { first_name: 4, last_name: 4, username: 4, bio: 1 },
} as const;

/**
 * SQLite walks its full-text index newest first, looking each match's key up (a CROSS JOIN keeps that order), and
 * ranks the candidates alone by search_rank over the row's own text (search-text.ts), negated.
 */
export const sqliteSearch: FullTextSearch = {
  hits(candidates, terms) {
    const search = sql.table(`${candidates.table}_search`);
    const keys = sql.table(`${candidates.table}_search_keys`);
    return sql`(select keys.id from ${search} cross join ${keys} as keys on keys.key = ${search}.rowid
      where ${search} match ${fts5Query(terms)} and ${visibleIn(candidates, 'keys')}
      order by ${search}.rowid desc limit ${candidates.limit})`;
  },

  score(table, terms) {
    const weighted = Object.entries(WEIGHTS[table]).map(
      ([column, weight]) => sql`${sql.lit(weight)}, ${sql.ref(`${table}.${column}`)}`,
    );
    return sql`-search_rank(${JSON.stringify(terms)}, ${sql.join(weighted)})`;
  },

  async rekey(db, postId) {
    // A contentless FTS5 row is deleted by its key, and written again under the new one from the post's columns.
    await sql`delete from posts_search where rowid = (select key from posts_search_keys where id = ${postId})`.execute(
      db,
    );
    await sql`delete from posts_search_keys where id = ${postId}`.execute(db);
    // Its trigger (20261124T1820-search-visibility) sets who may see it.
    await sql`insert into posts_search_keys (id) values (${postId})`.execute(db);
    await sql`insert into posts_search (rowid, title, category, transcription)
      select keys.key, posts.title, posts.category, posts.transcription
      from posts_search_keys as keys join posts on posts.id = keys.id where keys.id = ${postId}`.execute(db);
  },
};

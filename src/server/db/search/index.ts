import type { RawBuilder } from 'kysely';
import type { Db } from '../database';
import { isPostgres } from '../dialect';
import type { Candidates, SearchedTable } from './candidates';
import { postgresSearch } from './postgres';
import { sqliteSearch } from './sqlite';

export type { Candidates, SearchedTable } from './candidates';

/**
 * Full-text search as each database does it: FTS5 tables on SQLite (sqlite.ts), stored tsvectors on PostgreSQL
 * (postgres.ts), both kept by the triggers of 20261124T1700-search and after. The only place besides dialect.ts
 * that asks which database it is talking to.
 */
export interface FullTextSearch {
  /**
   * A derived table of the ids (as `id`) of the newest `limit` rows of the table that the viewer may see and whose
   * search document has every word (the last as a prefix).
   */
  hits(candidates: Candidates, terms: string[]): RawBuilder<unknown>;
  /** Each hit's relevance, better first when sorted ascending; the hits are `hits`, the rows are named `table`. */
  score(table: SearchedTable, terms: string[]): RawBuilder<unknown>;
  /**
   * Gives the post the newest key of the search table (20261124T1810-search-keys), as if it had just been
   * written: a search takes its candidates newest key first, and a draft published today is new. Run after the
   * post's row is written, whose triggers have already brought its document and visibility up to date.
   */
  rekey(db: Db, postId: string): Promise<void>;
}

export function fullTextSearch(db: Db): FullTextSearch {
  return isPostgres(db) ? postgresSearch : sqliteSearch;
}

import { sql } from 'kysely';

/** The tables a search reads, each with its search table `<table>_search`. */
export type SearchedTable = 'posts' | 'users';

/** Which of a search's candidates it reads, and how many: posts have a viewer, people are all searchable. */
export type Candidates =
  { table: 'posts'; viewerId: string | undefined; limit: number } | { table: 'users'; limit: number };

/** The search table's own record of who may see a post (20261124T1820-search-visibility). */
export function visibleIn(candidates: Candidates, row: string) {
  if (candidates.table === 'users') return sql`true`;
  // PostgreSQL's column is a boolean, SQLite's an integer: `= true` reads both.
  const published = sql`${sql.raw(`${row}.published`)} = true`;
  return candidates.viewerId
    ? sql`(${published} or ${sql.raw(`${row}.user_id`)} = ${candidates.viewerId})`
    : published;
}

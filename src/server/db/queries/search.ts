import { sql } from 'kysely';
import type { Db } from '../database';
import { isPostgres } from '../dialect';
import { boundedOffsetPage, type Page, type PageRequest } from '../pagination';
import type { UserRow } from '../schema';
import { fts5Query, tsQuery } from '../search-text';
import { isPublished, postsWithMedia, type PostWithMedia } from './posts';
import { withoutHidden } from './safety';
import { isRealPerson } from './users';

/** How deep results can be paged: ten pages of the longest list. */
export const SEARCH_MAX_RESULTS = 500;

/**
 * How many matches a search ranks: the newest this many that its viewer may see (by the search table's key, which
 * grows as rows are written; 20261124T1810-search-keys), so a word in a third of a million posts costs a walk down
 * its index to its latest matches instead of scoring every one. Relevance orders these candidates; a better match
 * older than them is not found until newer ones stop matching, which for a search of what people say lately is
 * the useful trade. Who may see a post is kept beside its key (20261124T1820-search-visibility), so others'
 * private posts and drafts never take a candidate's place; bot and test accounts are left out after (that needs
 * their rows), so a few fewer may come back. bench/ `--only=search` measures it at a million posts. Ranking
 * itself looks at the candidates alone (search_rank on SQLite, ts_rank on PostgreSQL), never at every match.
 */
export const SEARCH_CANDIDATES = 1_000;

/** What a search reads of each table, and how much each part counts towards relevance on SQLite. */
const WEIGHTS = {
  posts: { title: 10, category: 4, transcription: 1 },
  users: { first_name: 4, last_name: 4, username: 4, bio: 1 },
} as const;

/** Which of a search's candidates it reads, and how many: posts have a viewer, people are all searchable. */
type Candidates =
  { table: 'posts'; viewerId: string | undefined; limit: number } | { table: 'users'; limit: number };

/** The search table's own record of who may see a post (20261124T1820-search-visibility). */
function visibleIn(candidates: Candidates, row: string) {
  if (candidates.table === 'users') return sql`true`;
  // PostgreSQL's column is a boolean, SQLite's an integer: `= true` reads both.
  const published = sql`${sql.raw(`${row}.published`)} = true`;
  return candidates.viewerId
    ? sql`(${published} or ${sql.raw(`${row}.user_id`)} = ${candidates.viewerId})`
    : published;
}

/**
 * The ids of the newest `limit` rows of the table that the viewer may see and whose search document has every
 * word (the last as a prefix). PostgreSQL chooses by its statistics between walking the key backwards (a common
 * word) and the GIN index (a rare one), and gives each its score (ts_rank, negated so that better sorts first).
 * SQLite walks its full-text index newest first, looking each match's key up (a CROSS JOIN keeps that order).
 */
function hits(db: Db, candidates: Candidates, terms: string[]) {
  const { table, limit } = candidates;
  const search = sql.table(`${table}_search`);
  if (isPostgres(db)) {
    const query = sql`to_tsquery('simple', ${tsQuery(terms)})`;
    return sql`(select id, -ts_rank(document, ${query}) as score from (
        select id, document from ${search} as rows where document @@ ${query} and ${visibleIn(candidates, 'rows')}
        order by key desc limit ${limit}
      ) as candidates)`;
  }
  const keys = sql.table(`${table}_search_keys`);
  return sql`(select keys.id from ${search} cross join ${keys} as keys on keys.key = ${search}.rowid
      where ${search} match ${fts5Query(terms)} and ${visibleIn(candidates, 'keys')}
      order by ${search}.rowid desc limit ${limit})`;
}

/**
 * Better first when sorted ascending: PostgreSQL's score from `hits`; on SQLite, search_rank over the row's own
 * text (search-text.ts), negated, for the candidates alone.
 */
function scoreOf(db: Db, table: 'posts' | 'users', terms: string[]) {
  if (isPostgres(db)) return sql`hits.score`;
  const weighted = Object.entries(WEIGHTS[table]).map(
    ([column, weight]) => sql`${sql.lit(weight)}, ${sql.ref(`${table}.${column}`)}`,
  );
  return sql`-search_rank(${JSON.stringify(terms)}, ${sql.join(weighted)})`;
}

/** From the matches to their rows: SQLite keeps a CROSS JOIN's order, so it never walks the rows to the matches. */
const hitOf = (table: 'posts' | 'users') => sql<boolean>`hits.id = ${sql.ref(`${table}.id`)}`;

/**
 * Posts matching every word (the last as a prefix), best match first, then newest. Private posts, drafts and diary
 * entries only for their owner (access/policy.ts `view`), and nothing of bot or test accounts.
 */
export async function searchPosts(
  db: Db,
  viewerId: string | undefined,
  terms: string[],
  page: PageRequest,
  candidates = SEARCH_CANDIDATES,
): Promise<Page<PostWithMedia>> {
  // The page's ids first, from the posts and their authors alone: their audio and images are read for the page,
  // not for every match (that was half the time of a word in a third of 100,000 posts on PostgreSQL).
  const matches = db
    .selectFrom(hits(db, { table: 'posts', viewerId, limit: candidates }, terms).as('hits'))
    .crossJoin('posts')
    .where(hitOf('posts'))
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select('posts.id')
    .where((eb) =>
      viewerId ? eb.or([isPublished(eb), eb('posts.user_id', '=', viewerId)]) : isPublished(eb),
    )
    .where(isRealPerson);
  // Like bot accounts, the people hidden from the viewer are left out after the candidates are chosen.
  const ranked = withoutHidden(db, matches, 'posts.user_id', viewerId, 'blocks-and-mutes')
    .orderBy(scoreOf(db, 'posts', terms))
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc');
  const ids = await boundedOffsetPage(ranked, page, SEARCH_MAX_RESULTS);
  if (ids.items.length === 0) return { items: [], nextCursor: ids.nextCursor };
  const rows = await postsWithMedia(db)
    .where(
      'posts.id',
      'in',
      ids.items.map((row) => row.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = ids.items.flatMap((row) => byId.get(row.id) ?? []);
  return { items, nextCursor: ids.nextCursor };
}

/**
 * People matching every word (the last as a prefix) in their names, username or bio, best first, then newest;
 * never those who block the viewer or whom they block (a muted person can still be found, to unmute).
 */
export async function searchUsers(
  db: Db,
  terms: string[],
  page: PageRequest,
  viewerId?: string,
): Promise<Page<UserRow>> {
  const matches = db
    .selectFrom(hits(db, { table: 'users', limit: SEARCH_CANDIDATES }, terms).as('hits'))
    .crossJoin('users')
    .where(hitOf('users'))
    .selectAll('users')
    .where(isRealPerson);
  const ranked = withoutHidden(db, matches, 'users.id', viewerId, 'blocks')
    .orderBy(scoreOf(db, 'users', terms))
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc');
  return boundedOffsetPage(ranked, page, SEARCH_MAX_RESULTS);
}

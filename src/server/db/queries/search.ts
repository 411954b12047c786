import { sql } from 'kysely';
import type { Db } from '../database';
import { boundedOffsetPage, type Page, type PageRequest } from '../pagination';
import type { UserRow } from '../schema';
import { fullTextSearch } from '../search';
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
  const search = fullTextSearch(db);
  const matches = db
    .selectFrom(search.hits({ table: 'posts', viewerId, limit: candidates }, terms).as('hits'))
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
    .orderBy(search.score('posts', terms))
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
  const search = fullTextSearch(db);
  const matches = db
    .selectFrom(search.hits({ table: 'users', limit: SEARCH_CANDIDATES }, terms).as('hits'))
    .crossJoin('users')
    .where(hitOf('users'))
    .selectAll('users')
    .where(isRealPerson);
  const ranked = withoutHidden(db, matches, 'users.id', viewerId, 'blocks')
    .orderBy(search.score('users', terms))
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc');
  return boundedOffsetPage(ranked, page, SEARCH_MAX_RESULTS);
}

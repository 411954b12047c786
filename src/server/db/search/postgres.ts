import { sql } from 'kysely';
import { visibleIn } from './candidates';
import type { FullTextSearch } from './index';

/** `to_tsquery('simple', …)`: every word must match, the last one as a prefix (the person may still be typing it). */
export function tsQuery(terms: string[]): string {
  return terms.map((term, index) => `'${term}'${index === terms.length - 1 ? ':*' : ''}`).join(' & ');
}

/**
 * PostgreSQL chooses by its statistics between walking the key backwards (a common word) and the GIN index (a rare
 * one), and gives each hit its score (ts_rank, negated so that better sorts first) from the stored document.
 */
export const postgresSearch: FullTextSearch = {
  hits(candidates, terms) {
    const search = sql.table(`${candidates.table}_search`);
    const query = sql`to_tsquery('simple', ${tsQuery(terms)})`;
    return sql`(select id, -ts_rank(document, ${query}) as score from (
        select id, document from ${search} as rows where document @@ ${query} and ${visibleIn(candidates, 'rows')}
        order by key desc limit ${candidates.limit}
      ) as candidates)`;
  },

  score: () => sql`hits.score`,

  async rekey(db, postId) {
    // The key is an identity column: the row written again gets the next one.
    await sql`with old as (delete from posts_search where id = ${postId} returning id, document, user_id, published)
      insert into posts_search (id, document, user_id, published)
      select id, document, user_id, published from old`.execute(db);
  },
};

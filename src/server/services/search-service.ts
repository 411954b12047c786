import type { PublicUser } from '@shared/contract/users';
import type { Db } from '../db/database';
import type { Page, PageRequest } from '../db/pagination';
import { searchPosts, searchUsers } from '../db/queries/search';
import { searchTerms } from '../db/search-text';
import { findMatch } from './search-match';
import { postsJson, type SerializedPage } from './post-presenter';
import { toPublicUser } from './user-presenter';

export interface SearchService {
  /**
   * Spec §5 Search: posts the viewer (a visitor when undefined) may see, best match first, each with where it
   * matched (`match`) when one of its fields has every word.
   */
  posts(viewerId: string | undefined, query: string, page: PageRequest): Promise<SerializedPage>;
  /** People, never those a signed-in viewer blocks or who block them. */
  users(viewerId: string | undefined, query: string, page: PageRequest): Promise<Page<PublicUser>>;
}

export function createSearchService(db: Db): SearchService {
  return {
    async posts(viewerId, query, page) {
      const terms = searchTerms(query);
      if (terms.length === 0) return { json: '[]', nextCursor: null };
      const rows = await searchPosts(db, viewerId, terms, page);
      // Computed for the page alone, from the text already read for it.
      const json = postsJson(rows.items, (row) => {
        const match = findMatch(row, terms);
        return match && { match };
      });
      return { json, nextCursor: rows.nextCursor };
    },

    async users(viewerId, query, page) {
      const terms = searchTerms(query);
      if (terms.length === 0) return { items: [], nextCursor: null };
      const rows = await searchUsers(db, terms, page, viewerId);
      return { items: rows.items.map(toPublicUser), nextCursor: rows.nextCursor };
    },
  };
}

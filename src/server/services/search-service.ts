import type { PublicUser } from '@shared/contract/users';
import type { Db } from '../db/database';
import type { Page, PageRequest } from '../db/pagination';
import { searchPosts, searchUsers } from '../db/queries/search';
import { searchTerms } from '../db/search-text';
import { postsJson, type SerializedPage } from './post-presenter';
import { toPublicUser } from './user-presenter';

export interface SearchService {
  /** Spec §5 Search: posts the viewer (a visitor when undefined) may see, best match first. */
  posts(viewerId: string | undefined, query: string, page: PageRequest): Promise<SerializedPage>;
  users(query: string, page: PageRequest): Promise<Page<PublicUser>>;
}

export function createSearchService(db: Db): SearchService {
  return {
    async posts(viewerId, query, page) {
      const terms = searchTerms(query);
      if (terms.length === 0) return { json: '[]', nextCursor: null };
      const rows = await searchPosts(db, viewerId, terms, page);
      return { json: postsJson(rows.items), nextCursor: rows.nextCursor };
    },

    async users(query, page) {
      const terms = searchTerms(query);
      if (terms.length === 0) return { items: [], nextCursor: null };
      const rows = await searchUsers(db, terms, page);
      return { items: rows.items.map(toPublicUser), nextCursor: rows.nextCursor };
    },
  };
}

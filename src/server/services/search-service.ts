import type { PublicUser } from '@shared/contract/users';
import type { Db } from '../db/database';
import type { Page, PageRequest } from '../db/pagination';
import { searchPosts, searchUsers } from '../db/queries/search';
import { searchTerms } from '../db/search-text';
import { timedWords } from '@shared/domain/transcript-timing';
import { findMatch, firstMatchedWordIndex } from './search-match';
import { postsJson, type SerializedPage } from './post-presenter';
import type { TranscriptTimes } from './transcript-times';
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

const roundToMs = (seconds: number) => Math.round(seconds * 1000) / 1000;

export function createSearchService(db: Db, transcripts: Pick<TranscriptTimes, 'timesOf'>): SearchService {
  return {
    async posts(viewerId, query, page) {
      const terms = searchTerms(query);
      if (terms.length === 0) return { json: '[]', nextCursor: null };
      const rows = await searchPosts(db, viewerId, terms, page);
      // Computed for the page alone, from the text already read for it.
      const matches = new Map(rows.items.map((row) => [row.id, findMatch(row, terms)]));
      const spoken = rows.items.filter((row) => matches.get(row.id)?.field === 'transcription');
      const times = await transcripts.timesOf(
        spoken.map((row) => ({ audioId: row.audio_id, transcription: row.transcription })),
      );
      const json = postsJson(rows.items, (row) => {
        const match = matches.get(row.id);
        if (match?.field !== 'transcription') return match && { match };
        // Where the first matched word is said, for the result to play from.
        const { words } = timedWords(row.transcription, row.duration, times.get(row.audio_id));
        const word = words[firstMatchedWordIndex(row.transcription!, terms) ?? -1];
        return { match: word ? { ...match, at: roundToMs(word.start) } : match };
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

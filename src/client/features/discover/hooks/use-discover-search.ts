import { useEffect, useState } from 'react';
import { SEARCH_MIN_LENGTH } from '@shared/domain/limits';

/** Results follow the typing once it pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

export type SearchMode = 'posts' | 'users';

/**
 * The Discover search box: what is typed, and the query searched for (the trimmed text, once typing pauses for
 * 300 ms). Text too short to search clears the query at once: there is nothing to wait for.
 */
export function useDiscoverSearch() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [mode, setMode] = useState<SearchMode>('posts');

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === query) return;
    const timer = window.setTimeout(() => setQuery(trimmed), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, query]);

  return {
    text,
    query,
    mode,
    setMode,
    /** The searchable query, or null while there is none (under 3 characters). */
    activeQuery: query.length >= SEARCH_MIN_LENGTH ? query : null,
    /** Typing: searched for once it pauses. */
    change(value: string) {
      setText(value);
      if (value.trim().length < SEARCH_MIN_LENGTH) setQuery(value.trim());
    },
    /** A chosen term (a category): searched for at once. */
    fill(value: string) {
      setText(value);
      setQuery(value.trim());
    },
  };
}

export type DiscoverSearch = ReturnType<typeof useDiscoverSearch>;

import type { SearchMatch } from '@shared/contract/search';
import { foldedWords, hasEveryTerm, isTermMatch, type FoldedWord } from '../db/search-text';

/** Longest excerpt, ellipses included. */
export const EXCERPT_MAX_LENGTH = 160;
/** Context kept before the first matched word when the text is cut. */
const CONTEXT_BEFORE = 40;
const ELLIPSIS = '…';

type Field = SearchMatch['field'];
export type SearchedFields = Partial<Record<Field, string | null>>;

/** Title first: it is what a person reads first, then what they said, then the category. */
const FIELD_ORDER: Field[] = ['title', 'transcription', 'category'];

/** The words of `text` that match a term, if every term matches one of them; otherwise none. */
function hitsIn(text: string, terms: string[]): FoldedWord[] {
  const words = foldedWords(text);
  if (
    !hasEveryTerm(
      words.map((word) => word.folded),
      terms,
    )
  )
    return [];
  return words.filter((word) =>
    terms.some((term, index) => isTermMatch(word.folded, term, index === terms.length - 1)),
  );
}

/**
 * Up to EXCERPT_MAX_LENGTH characters of `text` around its first hit, starting at a word a little before it, with
 * an ellipsis where the text was cut, and each hit inside it as [start, end) in the excerpt.
 */
export function excerptAround(text: string, hits: Array<{ start: number; end: number }>) {
  const first = hits[0];
  let start = 0;
  let end = text.length;
  if (text.length > EXCERPT_MAX_LENGTH && first) {
    // Room for the text when both ends are cut; near the end, the excerpt reaches further back instead.
    const room = EXCERPT_MAX_LENGTH - 2 * ELLIPSIS.length;
    start = Math.max(0, Math.min(first.start - CONTEXT_BEFORE, text.length - room));
    if (start > 0 && text[start - 1] !== ' ') {
      // Begin at a word: after the next space before the hit, if there is one.
      const space = text.indexOf(' ', start);
      if (space >= 0 && space < first.start) start = space + 1;
    }
    end = Math.min(text.length, start + room);
    if (end < text.length) {
      // End at a word, unless the first hit would not fit then.
      const space = text.lastIndexOf(' ', end);
      if (space >= first.end) end = space;
    }
  }
  const before = start > 0 ? ELLIPSIS : '';
  const excerpt = `${before}${text.slice(start, end).trimEnd()}${end < text.length ? ELLIPSIS : ''}`;
  const highlights = hits
    .filter((hit) => hit.start >= start && hit.end <= end)
    .map((hit): [number, number] => [hit.start - start + before.length, hit.end - start + before.length]);
  return { excerpt, highlights };
}

/**
 * Which word of `text`, split on whitespace as its transcript is (spec §9), holds the first word matching `terms`;
 * undefined when not every term matches.
 */
export function firstMatchedWordIndex(text: string, terms: string[]): number | undefined {
  const normalized = text.normalize('NFC');
  const first = hitsIn(normalized, terms)[0];
  if (!first) return undefined;
  // The whitespace-separated words up to the hit's first character: the last of them holds it.
  return (normalized.slice(0, first.start + 1).match(/\S+/g)?.length ?? 1) - 1;
}

/**
 * Where a found post matched `terms` (searchTerms): the first field, in FIELD_ORDER, with every term; undefined
 * when none has them all (the words were spread over several fields).
 */
export function findMatch(fields: SearchedFields, terms: string[]): SearchMatch | undefined {
  if (terms.length === 0) return undefined;
  for (const field of FIELD_ORDER) {
    const text = fields[field]?.normalize('NFC');
    if (!text) continue;
    const hits = hitsIn(text, terms);
    if (hits.length > 0) return { field, ...excerptAround(text, hits) };
  }
  return undefined;
}

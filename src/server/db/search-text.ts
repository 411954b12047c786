/**
 * Search text on both databases: how a typed query becomes plain word tokens, and how a row's own text is matched
 * against the words (SQLite's ranking, a result's `match`). Each database's own query syntax is in db/search/.
 * SQLite's FTS5 tables fold case and accents in their own tokenizer (20261124T1810-search-keys), PostgreSQL's
 * documents with the table below (20261124T1700-search).
 */

/**
 * Latin letters with accents (U+00C0–U+024F that decompose to one ASCII letter) and their plain lowercase letter.
 * PostgreSQL's search documents are folded with `translate` and a copy of this table, which needs no extension:
 * `unaccent` must be created in the database by a role allowed to, in one schema, while each deployment here may
 * live in a schema of its own. The query side folds with this one, so both sides agree letter for letter. Changing
 * it needs a migration that rebuilds the PostgreSQL search documents (20261124T1700-search wrote them).
 */
const ACCENTED =
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ';
const PLAIN =
  'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyy';

const plainOf = new Map([...ACCENTED].map((letter, index) => [letter, PLAIN[index]!]));

/** One character (code point) folded as a query is: lowercase, without its accent. */
function foldCharacter(character: string): string {
  return [...character.toLowerCase()].map((letter) => plainOf.get(letter) ?? letter).join('');
}

/** Enough words for any real query; a pasted paragraph is cut here instead of becoming a huge index probe. */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/**
 * The words of a typed query, lowercase and without accents: runs of letters and digits, so quotes, operators,
 * `*`, `-`, emoji and other symbols never reach either database's query syntax. Empty when nothing is left.
 */
export function searchTerms(query: string): string[] {
  const folded = [...query.normalize('NFC').toLowerCase()].map(foldCharacter).join('');
  return (folded.match(/[\p{L}\p{N}]+/gu) ?? [])
    .slice(0, MAX_TERMS)
    .map((term) => term.slice(0, MAX_TERM_LENGTH));
}

export interface FoldedWord {
  start: number;
  end: number;
  folded: string;
}

/**
 * The words of `text` as searchTerms cuts a query (runs of letters and digits), folded alike, each with its place
 * in `text`. Folding goes character by character, so a letter whose lowercase is longer keeps its place.
 */
export function foldedWords(text: string): FoldedWord[] {
  const words: FoldedWord[] = [];
  let current: FoldedWord | undefined;
  let index = 0;
  for (const character of text) {
    const folded = foldCharacter(character);
    if (/^[\p{L}\p{N}]+$/u.test(folded)) {
      current ??= { start: index, end: index, folded: '' };
      current.folded += folded;
      current.end = index + character.length;
    } else if (current) {
      words.push(current);
      current = undefined;
    }
    index += character.length;
  }
  if (current) words.push(current);
  return words;
}

/** As the indexes match: every word whole, the last one as a prefix. */
export const isTermMatch = (folded: string, term: string, isLast: boolean) =>
  isLast ? folded.startsWith(term) : folded === term;

export const hasEveryTerm = (folded: readonly string[], terms: string[]) =>
  terms.every((term, index) => folded.some((word) => isTermMatch(word, term, index === terms.length - 1)));

const ACCENTED_LETTER = new RegExp(`[${ACCENTED}]`, 'gu');
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * SQLite's relevance of a row to a search, as the SQL function `search_rank(terms_json, weight, text, weight,
 * text, …)` (dialect.ts): the sum of the weights of the texts that have every term. FTS5's own bm25 also weighs
 * each word by its rarity, which costs a count of all its matches per search (30 ms for a word in 400,000 posts,
 * most of a search's time), so the search ranks its newest matches by this instead.
 */
export function searchRank(termsJson: unknown, ...weightedTexts: unknown[]): number {
  const terms = JSON.parse(String(termsJson)) as string[];
  let rank = 0;
  for (let index = 0; index + 1 < weightedTexts.length; index += 2) {
    const text = weightedTexts[index + 1];
    // The whole text at once: it is called for every candidate, and needs no places.
    const words =
      typeof text === 'string'
        ? (text
            .normalize('NFC')
            .toLowerCase()
            .replace(ACCENTED_LETTER, (letter) => plainOf.get(letter)!)
            .match(WORD) ?? [])
        : [];
    if (hasEveryTerm(words, terms)) {
      rank += Number(weightedTexts[index]);
    }
  }
  return rank;
}

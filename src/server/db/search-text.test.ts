import { describe, expect, it } from 'vitest';
import { searchRank, searchTerms } from './search-text';

const rank = (query: string, ...weightedTexts: Array<number | string | null>) =>
  searchRank(JSON.stringify(searchTerms(query)), ...weightedTexts);

describe('searchRank (SQLite search_rank)', () => {
  it('adds the weight of each text that has every word, the last as a prefix, folding case and accents', () => {
    expect(rank('cafe flo', 10, 'Le Café de Flore', 4, 'Food', 1, 'café flottant')).toBe(11);
    expect(rank('cafe flo', 10, 'Le Café', 4, 'Flore', 1, null)).toBe(0);
  });

  it('matches earlier words whole', () => {
    expect(rank('cafe paris', 10, 'Cafés of Paris')).toBe(0);
  });
});

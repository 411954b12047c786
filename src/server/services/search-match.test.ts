import { describe, expect, it } from 'vitest';
import { searchTerms } from '../db/search-text';
import { EXCERPT_MAX_LENGTH, excerptAround, findMatch } from './search-match';

const highlighted = (match: { excerpt: string; highlights: Array<[number, number]> }) =>
  match.highlights.map(([start, end]) => match.excerpt.slice(start, end));

describe('findMatch', () => {
  it('picks the first field in title, transcription, category order that has every word', () => {
    const fields = {
      title: 'Quokka island',
      transcription: 'We went to see a quokka by boat',
      category: 'Travel',
    };
    expect(findMatch(fields, searchTerms('quokka'))).toEqual({
      field: 'title',
      excerpt: 'Quokka island',
      highlights: [[0, 6]],
    });
    expect(findMatch(fields, searchTerms('quokka bo'))).toEqual({
      field: 'transcription',
      excerpt: 'We went to see a quokka by boat',
      highlights: [
        [17, 23],
        [27, 31],
      ],
    });
    expect(findMatch(fields, searchTerms('trav'))?.field).toBe('category');
  });

  it('folds case and accents, matches earlier words whole and the last as a prefix', () => {
    const match = findMatch({ title: 'Le CAFÉ de Flore, café crème' }, searchTerms('cafe flo'))!;
    expect(highlighted(match)).toEqual(['CAFÉ', 'Flore', 'café']);
    expect(findMatch({ title: 'Cafés of Paris' }, searchTerms('cafe paris'))).toBeUndefined();
  });

  it('says nothing when no one field has every word', () => {
    expect(
      findMatch({ title: 'Quokka', transcription: 'by boat' }, searchTerms('quokka boat')),
    ).toBeUndefined();
    expect(findMatch({ title: null, transcription: null }, searchTerms('quokka'))).toBeUndefined();
  });

  it('keeps offsets right around letters whose lowercase is longer', () => {
    const match = findMatch({ title: 'İstanbul quokka' }, searchTerms('quokka'))!;
    expect(highlighted(match)).toEqual(['quokka']);
  });
});

describe('excerptAround', () => {
  const filler = (words: number) => Array.from({ length: words }, (_, index) => `word${index}`).join(' ');

  it('keeps a short text whole', () => {
    expect(excerptAround('short text', [{ start: 6, end: 10 }])).toEqual({
      excerpt: 'short text',
      highlights: [[6, 10]],
    });
  });

  it('cuts a long text around the first hit at word boundaries, with ellipses', () => {
    const text = `${filler(40)} quokka ${filler(40)}`;
    const start = text.indexOf('quokka');
    const { excerpt, highlights } = excerptAround(text, [{ start, end: start + 6 }]);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_MAX_LENGTH);
    expect(excerpt).toMatch(/^…word\d+ .* word\d+…$/);
    expect(highlights).toHaveLength(1);
    const [from, to] = highlights[0]!;
    expect(excerpt.slice(from, to)).toBe('quokka');
    expect(from).toBeGreaterThan(20);
  });

  it('reaches back further when the hit is near the end, and leaves out hits outside the excerpt', () => {
    const text = `quokka ${filler(60)} quokka end`;
    const last = text.lastIndexOf('quokka');
    const { excerpt, highlights } = excerptAround(text, [
      { start: last, end: last + 6 },
      { start: 0, end: 6 },
    ]);
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('quokka end')).toBe(true);
    expect(excerpt.length).toBeGreaterThan(EXCERPT_MAX_LENGTH - 12);
    expect(highlights.map(([from, to]) => excerpt.slice(from, to))).toEqual(['quokka']);
  });

  it('cuts a text without spaces in the middle of it', () => {
    const text = `${'x'.repeat(300)}quokka${'y'.repeat(300)}`;
    const { excerpt, highlights } = excerptAround(text, [{ start: 300, end: 306 }]);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_MAX_LENGTH);
    expect(highlights.map(([from, to]) => excerpt.slice(from, to))).toEqual(['quokka']);
  });
});

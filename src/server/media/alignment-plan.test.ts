import { describe, expect, it } from 'vitest';
import {
  candidateWords,
  exactGrammar,
  mapHeardWords,
  parseHeardWords,
  planAlignment,
  spokenForm,
  type HeardWord,
} from './alignment-plan';

const known = new Set(['hello', 'there', 'world', "don't", 'stop']);

describe('planning an alignment', () => {
  it('looks words up lowercase without the punctuation around them', () => {
    expect(spokenForm('“Hello,')).toBe('hello');
    expect(spokenForm('Don’t!')).toBe("don't");
    expect([...candidateWords('Hello, there! <x> ;=| 42')]).toEqual(['hello', 'there', 'x']);
  });

  it('asks only for dictionary words, so no JSGF syntax reaches the grammar', () => {
    const plan = planAlignment('Hello <there> | world; = don’t * stop { } / ( ) "', known);
    expect(plan?.grammarWords).toEqual(['hello', 'there', 'world', "don't", 'stop']);
    expect(exactGrammar(plan!.grammarWords)).toBe(
      "#JSGF V1.0;\ngrammar transcript;\npublic <transcript> = hello there world don't stop;\n",
    );
    // A word glued to syntax is not a dictionary word: it keeps its estimate.
    expect(planAlignment('hello there world stop stop<x>;', known)?.grammarWords).toEqual([
      'hello',
      'there',
      'world',
      'stop',
    ]);
  });

  it('aligns nothing for an empty text, or one mostly outside the dictionary', () => {
    expect(planAlignment('', known)).toBeUndefined();
    expect(planAlignment('  \n ', known)).toBeUndefined();
    expect(planAlignment('hello Welt und Sonne', known)).toBeUndefined();
  });

  it('plans 10,000 words in one grammar', () => {
    const text = Array.from({ length: 10_000 }, (_, index) => (index % 2 ? 'hello' : 'world')).join(' ');
    const plan = planAlignment(text, known);
    expect(plan?.grammarWords).toHaveLength(10_000);
  });
});

describe('reading what pocketsphinx heard', () => {
  it('keeps words with their times, without fillers or pronunciation numbers', () => {
    const output = [
      'hello there',
      '<s> 0.000 0.120 1.000000',
      'hello 0.130 0.450 1.000000',
      '<sil> 0.460 0.700 1.000000',
      '[NOISE] 0.710 0.800 1.000000',
      'there(2) 0.810 1.200 0.990000',
      '</s> 1.210 1.400 1.000000',
    ].join('\n');
    expect(parseHeardWords(output)).toEqual([
      { word: 'hello', start: 0.13, end: 0.46 },
      { word: 'there', start: 0.81, end: 1.21 },
    ]);
    expect(parseHeardWords('')).toEqual([]);
  });
});

describe('mapping heard words onto the transcript', () => {
  const heard: HeardWord[] = [
    { word: 'hello', start: 0.5, end: 0.9 },
    { word: 'there', start: 1.4, end: 1.8 },
    { word: 'world', start: 2.5, end: 3.0 },
  ];
  const text = 'Hello, there — world!';
  const plan = planAlignment(text, known)!;

  it('times every word of the transcript, punctuation between its neighbours', () => {
    expect(mapHeardWords(text, 4, plan, heard)).toEqual({
      kind: 'aligned',
      times: [
        [0.5, 0.9],
        [1.4, 1.8],
        [1.8, 1.8],
        [2.5, 3],
      ],
    });
  });

  it('keeps the estimate when a word is missing, out of order or far from its estimate', () => {
    expect(mapHeardWords(text, 4, plan, heard.slice(1)).kind).toBe('estimated');
    const swapped = [heard[0]!, { ...heard[1]!, start: 0.6 }, heard[2]!];
    expect(mapHeardWords(text, 4, plan, swapped).kind).toBe('estimated');
    const wrong = [heard[0]!, { ...heard[1]!, word: 'stop' }, heard[2]!];
    expect(mapHeardWords(text, 4, plan, wrong).kind).toBe('estimated');
    const long = `${text} ${'stop '.repeat(200)}`;
    const far: HeardWord[] = [
      ...heard,
      ...Array.from({ length: 200 }, (_, index) => ({
        word: 'stop',
        start: 3 + index / 100,
        end: 3 + index / 100 + 0.005,
      })),
    ];
    expect(mapHeardWords(long, 100, planAlignment(long, known)!, far).kind).toBe('estimated');
  });
});

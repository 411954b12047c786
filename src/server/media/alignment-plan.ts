import { computeWordTimings, type TranscriptWord } from '@shared/domain/transcript-timing';

/**
 * Forced alignment of a typed transcript, the parts that are plain data: which of its words the recogniser is
 * asked for, the grammar that asks for exactly those, reading its answer, and putting the times it found back on
 * the transcript's own words. forced-aligner.ts runs the processes.
 */

/** A word as the pronouncing dictionary spells it: lowercase letters, an apostrophe only between letters. */
const DICTIONARY_WORD = /^[a-z]+(?:'[a-z]+)*$/;
/** Below this share of words in the dictionary the text is not taken for English: the estimate stays. */
const MIN_KNOWN_SHARE = 0.8;
/**
 * A word aligned further than this from where the estimate puts it is taken for a wrong alignment (the typed
 * text does not match what was said), which throws the whole alignment out. Generous: the estimate knows nothing
 * of pauses, and is 0.3–0.7 s off on clean speech.
 */
const MAX_SHIFT_SECONDS = 5;
const MAX_SHIFT_SHARE = 0.3;
/** The recogniser's frame: its times are whole hundredths of a second. */
const FRAME_SECONDS = 0.01;

/** The transcript word at `index` (as spec §9 splits it), and the dictionary word it is spoken as, if any. */
export interface PlannedWord {
  index: number;
  spoken: string | null;
}

export interface AlignmentPlan {
  words: PlannedWord[];
  /** The dictionary words asked for, in order: the grammar is exactly these. */
  grammarWords: string[];
}

/** How a written word is looked up: lowercase, curly apostrophes straight, punctuation off both ends. */
export function spokenForm(written: string): string {
  return written
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/** The dictionary words a transcript might need looked up. */
export function candidateWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const written of text.split(/\s+/)) {
    const spoken = spokenForm(written);
    if (DICTIONARY_WORD.test(spoken)) words.add(spoken);
  }
  return words;
}

/**
 * Which words of `text` are aligned: those the dictionary knows (`known`); the others keep times between their
 * aligned neighbours. Undefined when too few are known for the text to be English.
 */
export function planAlignment(text: string, known: ReadonlySet<string>): AlignmentPlan | undefined {
  const written = text.split(/\s+/).filter(Boolean);
  const words = written.map((word, index): PlannedWord => {
    const spoken = spokenForm(word);
    return { index, spoken: known.has(spoken) && DICTIONARY_WORD.test(spoken) ? spoken : null };
  });
  // Words of punctuation alone are not spoken, so they count neither way.
  const spokenWords = written.filter((word) => spokenForm(word) !== '').length;
  const grammarWords = words.flatMap((word) => (word.spoken ? [word.spoken] : []));
  if (grammarWords.length === 0 || grammarWords.length < spokenWords * MIN_KNOWN_SHARE) return undefined;
  return { words, grammarWords };
}

/** A JSGF grammar whose only sentence is `words` (dictionary words, so nothing in them is JSGF syntax). */
export function exactGrammar(words: readonly string[]): string {
  return `#JSGF V1.0;\ngrammar transcript;\npublic <transcript> = ${words.join(' ')};\n`;
}

/** A dictionary word and where the recogniser heard it, in seconds. */
export interface HeardWord {
  word: string;
  start: number;
  end: number;
}

const HEARD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) \S+$/;
/** Silence, breath and noise, and the utterance's start and end: heard, but none of the transcript's words. */
const FILLER = /^(?:<.*>|\[.*\]|\+\+.*\+\+)$/;

/**
 * The words `pocketsphinx_continuous -time yes` heard, in order: one line each, "word start end probability",
 * alternative pronunciations marked "word(2)". Its first line (the sentence) and fillers are left out.
 */
export function parseHeardWords(output: string): HeardWord[] {
  return output.split('\n').flatMap((line) => {
    const match = HEARD_LINE.exec(line.trim());
    if (!match || FILLER.test(match[1]!)) return [];
    const end = Number(match[3]) + FRAME_SECONDS;
    return [{ word: match[1]!.replace(/\(\d+\)$/, ''), start: Number(match[2]), end }];
  });
}

/** Why the estimate was kept, for the log; or the times of every word of the transcript. */
export type AlignmentOutcome =
  { kind: 'aligned'; times: Array<[number, number]> } | { kind: 'estimated'; reason: string };

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Words with no time of their own (not in the dictionary, or punctuation) share the stretch between their aligned
 * neighbours as the estimate shares a recording: by their letters.
 */
function fillBetween(words: TranscriptWord[], from: number, to: number): Array<[number, number]> {
  const text = words.map((word) => word.text).join(' ');
  // Punctuation alone is not spoken: it takes no time, where the word before it ends.
  const spread = /[\p{L}\p{N}]/u.test(text) ? computeWordTimings(text, Math.max(0, to - from)) : [];
  return words.map((_, index) => {
    const word = spread[index];
    return word ? [round(from + word.start), round(from + word.end)] : [round(from), round(from)];
  });
}

/**
 * The transcript's words timed by what the recogniser heard, or why that is not trusted: a word missing or out
 * of order, times that go backwards or past the end, or a word far from where the estimate puts it.
 */
export function mapHeardWords(
  text: string,
  duration: number,
  plan: AlignmentPlan,
  heard: readonly HeardWord[],
): AlignmentOutcome {
  if (heard.length !== plan.grammarWords.length) {
    return {
      kind: 'estimated',
      reason: `heard ${heard.length} of ${plan.grammarWords.length} words`,
    };
  }
  const estimate = computeWordTimings(text, duration);
  const maxShift = Math.max(MAX_SHIFT_SECONDS, duration * MAX_SHIFT_SHARE);
  const aligned = new Map<number, HeardWord>();
  let previousEnd = 0;
  let next = 0;
  for (const word of plan.words) {
    if (!word.spoken) continue;
    const found = heard[next++]!;
    if (found.word !== word.spoken)
      return { kind: 'estimated', reason: `heard "${found.word}" for "${word.spoken}"` };
    if (
      found.start < previousEnd - FRAME_SECONDS / 2 ||
      found.end <= found.start ||
      found.end > duration + 0.1
    ) {
      return {
        kind: 'estimated',
        reason: `word ${word.index} at ${found.start}–${found.end} s is out of order`,
      };
    }
    if (Math.abs(found.start - estimate[word.index]!.start) > maxShift) {
      return { kind: 'estimated', reason: `word ${word.index} is ${found.start} s, far from its estimate` };
    }
    previousEnd = found.end;
    aligned.set(word.index, found);
  }
  const times: Array<[number, number]> = [];
  let gap: TranscriptWord[] = [];
  let gapStart = 0;
  for (const word of estimate) {
    const found = aligned.get(word.index);
    if (!found) {
      gap.push(word);
      continue;
    }
    times.push(...fillBetween(gap, gapStart, found.start));
    gap = [];
    times.push([round(found.start), round(Math.min(found.end, duration))]);
    gapStart = Math.min(found.end, duration);
  }
  times.push(...fillBetween(gap, gapStart, duration));
  return { kind: 'aligned', times };
}

export interface TranscriptWord {
  text: string;
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  index: number;
}

/** Share of the duration spoken in words; the rest is spread as pauses between them (spec §9). */
const SPEECH_SHARE = 0.95;

const SPOKEN_CHARACTER = /[\p{L}\p{N}]/gu;

function spokenLength(word: string): number {
  return word.match(SPOKEN_CHARACTER)?.length ?? 0;
}

/**
 * Spec §9 transcript timing: the text is split on whitespace; each word lasts in proportion to its letter and
 * digit count out of 95 % of the duration, and the other 5 % is spread evenly as gaps between words. Nothing is
 * computed without both text and a duration.
 */
export function computeWordTimings(text: string | null | undefined, duration: number): TranscriptWord[] {
  if (!text || !Number.isFinite(duration) || duration <= 0) return [];
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const lengths = words.map(spokenLength);
  const totalLength = lengths.reduce((sum, length) => sum + length, 0);
  const speech = duration * SPEECH_SHARE;
  const gap = words.length > 1 ? (duration - speech) / (words.length - 1) : 0;
  let cursor = 0;
  return words.map((word, index) => {
    // Words of punctuation only would otherwise get no time at all when the whole text is punctuation.
    const share = totalLength > 0 ? (lengths[index] ?? 0) / totalLength : 1 / words.length;
    const start = cursor;
    const end = start + share * speech;
    cursor = end + gap;
    return { text: word, start, end, index };
  });
}

/** Whether a transcript's word times were estimated from letter counts or aligned to the recording's speech. */
export type TranscriptTiming = 'estimated' | 'aligned';

/** A word's [start, end] in seconds, one for each whitespace-separated word of the transcript, in order. */
export type WordTimes = ReadonlyArray<readonly [number, number]>;

/**
 * The transcript's words timed by `times` (measured by forced alignment) when they are times for exactly these
 * words; otherwise the spec §9 estimate.
 */
export function timedWords(
  text: string | null | undefined,
  duration: number,
  times: WordTimes | null | undefined,
): { timing: TranscriptTiming; words: TranscriptWord[] } {
  const estimated = computeWordTimings(text, duration);
  if (!times || times.length === 0 || times.length !== estimated.length) {
    return { timing: 'estimated', words: estimated };
  }
  const words = estimated.map((word, index) => {
    const [start, end] = times[index]!;
    return { ...word, start, end };
  });
  return { timing: 'aligned', words };
}

/** The word being spoken at `time`: the last one that has started (a pause keeps the previous word lit). */
export function activeWordIndex(words: readonly TranscriptWord[], time: number): number {
  if (words.length === 0 || time < 0) return -1;
  let low = 0;
  let high = words.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((words[middle]?.start ?? 0) <= time) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

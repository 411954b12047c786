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

import { computeWordTimings, type TranscriptWord } from '@shared/domain/transcript-timing';

/** Words per caption at most; a sentence's end closes a caption earlier. */
const CUE_WORDS = 10;
const SENTENCE_END = /[.!?…]["”’)]*$/u;

function timestamp(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor(millis / 60_000) % 60;
  const rest = ((millis % 60_000) / 1000).toFixed(3).padStart(6, '0');
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:${rest}`;
}

function cuesOf(words: TranscriptWord[]): TranscriptWord[][] {
  const cues: TranscriptWord[][] = [];
  let cue: TranscriptWord[] = [];
  for (const word of words) {
    cue.push(word);
    if (cue.length === CUE_WORDS || SENTENCE_END.test(word.text)) {
      cues.push(cue);
      cue = [];
    }
  }
  if (cue.length > 0) cues.push(cue);
  return cues;
}

/**
 * A transcript as WebVTT for podcast apps, timed as the player lights the words (spec §9): short captions of
 * whole sentences or a few words. Empty without text or a duration.
 */
export function transcriptVtt(text: string | null, duration: number): string {
  const cues = cuesOf(computeWordTimings(text, duration)).map((cue) => {
    const words = cue.map((word) => word.text).join(' ');
    // "-->" inside a caption would end its text early for a parser; "&" and "<" start markup in WebVTT.
    const escaped = words.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/-->/g, '--&gt;');
    return `${timestamp(cue[0]!.start)} --> ${timestamp(cue.at(-1)!.end)}\n${escaped}`;
  });
  return ['WEBVTT', ...cues].join('\n\n') + '\n';
}

import { computeWordTimings, type TranscriptWord } from '@shared/domain/transcript-timing';

/** Words per caption at most; a sentence's end closes a caption earlier. */
const CUE_WORDS = 10;
const SENTENCE_END = /[.!?…]["”’)]*$/u;

function timestamp(millis: number): string {
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor(millis / 60_000) % 60;
  const rest = ((millis % 60_000) / 1000).toFixed(3).padStart(6, '0');
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:${rest}`;
}

function cuesOf(words: TranscriptWord[]): TranscriptWord[][] {
  const cues: TranscriptWord[][] = [];
  let cue: TranscriptWord[] = [];
  for (const word of words) {
    // Punctuation alone takes no time: as a caption of its own it would end as it starts.
    const previous = cues.at(-1);
    if (cue.length === 0 && previous && word.end === word.start) {
      previous.push(word);
      continue;
    }
    cue.push(word);
    const timed = word.end > cue[0]!.start;
    if (cue.length === CUE_WORDS || (timed && SENTENCE_END.test(word.text))) {
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
    const start = Math.round(cue[0]!.start * 1000);
    // WebVTT needs every caption to end after it starts, however short the recording.
    const end = Math.max(Math.round(cue.at(-1)!.end * 1000), start + 1);
    return `${timestamp(start)} --> ${timestamp(end)}\n${escaped}`;
  });
  return ['WEBVTT', ...cues].join('\n\n') + '\n';
}

import type { PostTranscript } from '@shared/contract/posts';

type TimedWord = PostTranscript['words'][number];

/** Words per caption at most; a sentence's end closes a caption earlier. */
const CUE_WORDS = 10;
const SENTENCE_END = /[.!?…]["”’)]*$/u;
const ALIGNED_NOTE = 'NOTE Word times aligned to the recording.';

function timestamp(millis: number): string {
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor(millis / 60_000) % 60;
  const rest = ((millis % 60_000) / 1000).toFixed(3).padStart(6, '0');
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:${rest}`;
}

function cuesOf(words: readonly TimedWord[]): TimedWord[][] {
  const cues: TimedWord[][] = [];
  let cue: TimedWord[] = [];
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
 * A transcript as WebVTT for podcast apps, timed as the player lights the words: short captions of whole
 * sentences or a few words. Times aligned to the recording are said so in a note. Empty without words.
 */
export function transcriptVtt({ timing, words }: Pick<PostTranscript, 'timing' | 'words'>): string {
  const cues = cuesOf(words).map((cue) => {
    const words = cue.map((word) => word.text).join(' ');
    // "-->" inside a caption would end its text early for a parser; "&" and "<" start markup in WebVTT.
    const escaped = words.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/-->/g, '--&gt;');
    const start = Math.round(cue[0]!.start * 1000);
    // WebVTT needs every caption to end after it starts, however short the recording.
    const end = Math.max(Math.round(cue.at(-1)!.end * 1000), start + 1);
    return `${timestamp(start)} --> ${timestamp(end)}\n${escaped}`;
  });
  const note = timing === 'aligned' && cues.length > 0 ? [ALIGNED_NOTE] : [];
  return ['WEBVTT', ...note, ...cues].join('\n\n') + '\n';
}

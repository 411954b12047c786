import {
  activeWordIndex,
  timedWords,
  type TranscriptWord,
  type WordTimes,
} from '@shared/domain/transcript-timing';

/** The aligned word times the page carries (`data-word-times`), if any. */
function wordTimesOf(element: HTMLElement): WordTimes | null {
  try {
    const times: unknown = JSON.parse(element.dataset.wordTimes ?? 'null');
    return Array.isArray(times) ? (times as WordTimes) : null;
  } catch {
    return null;
  }
}

/**
 * The transcript's words lit as the post plays, timed as the app's player times them: aligned to the recording
 * where it was (the page carries those times), else estimated (spec §9); a click on a word jumps there. Answers
 * the function that lights the word at a time.
 */
export function syncTranscript(
  element: HTMLElement,
  duration: number,
  onWordClick: (word: TranscriptWord) => void,
): (time: number) => void {
  const { words } = timedWords(element.textContent, duration, wordTimesOf(element));
  const spans = words.map((word) => {
    const span = document.createElement('span');
    span.textContent = word.text;
    span.addEventListener('click', () => onWordClick(word));
    return span;
  });
  element.replaceChildren(...spans.flatMap((span, index) => (index === 0 ? [span] : [' ', span])));

  let lit = -1;
  return (time) => {
    const active = activeWordIndex(words, time);
    if (active === lit) return;
    spans[lit]?.classList.remove('lit');
    spans.forEach((span, index) => span.classList.toggle('spoken', index <= active));
    lit = active;
    const span = spans[active];
    if (!span) return;
    span.classList.add('lit');
    // Within the transcript's own box: scrolling into view would scroll the page that frames the player too.
    const top = span.offsetTop - element.offsetTop;
    if (top < element.scrollTop || top + span.offsetHeight > element.scrollTop + element.clientHeight) {
      element.scrollTo({ top: Math.max(0, top - element.clientHeight / 3), behavior: 'smooth' });
    }
  };
}

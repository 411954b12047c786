import { activeWordIndex, computeWordTimings, type TranscriptWord } from '@shared/domain/transcript-timing';

/**
 * The transcript's words lit as the post plays, timed as the app's player times them (spec §9); a click on a word
 * jumps there. Answers the function that lights the word at a time.
 */
export function syncTranscript(
  element: HTMLElement,
  duration: number,
  onWordClick: (word: TranscriptWord) => void,
): (time: number) => void {
  const words = computeWordTimings(element.textContent, duration);
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

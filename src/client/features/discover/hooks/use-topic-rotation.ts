import { useEffect, useState } from 'react';
import { nextTopicSet, TOPICS_SHOWN } from '../lib/topic-set';

/** Spec §9: a new set every 8 seconds; the highlight moves to the next prompt every 2 seconds. */
export const TOPIC_SET_MS = 8000;
export const TOPIC_HIGHLIGHT_MS = 2000;

/**
 * Three prompts that change every 8 s, one of them highlighted in turn every 2 s. While `paused` (a topic is
 * chosen, or the person is reading or pointing at the list) nothing moves.
 */
export function useTopicRotation(paused: boolean, random: () => number = Math.random) {
  const [topics, setTopics] = useState(() => nextTopicSet([], random));
  const [highlighted, setHighlighted] = useState(0);

  useEffect(() => {
    if (paused) return;
    const highlight = window.setInterval(
      () => setHighlighted((index) => (index + 1) % TOPICS_SHOWN),
      TOPIC_HIGHLIGHT_MS,
    );
    const refresh = window.setInterval(() => {
      setTopics((current) => nextTopicSet(current, random));
      setHighlighted(0);
    }, TOPIC_SET_MS);
    return () => {
      window.clearInterval(highlight);
      window.clearInterval(refresh);
    };
  }, [paused, random]);

  return { topics, highlighted };
}

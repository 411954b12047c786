import { useEffect, useRef } from 'react';

/** The window event other screens fire to hand Home a topic (spec §2). */
export const AI_SUGGESTION_EVENT = 'aiSuggestionSelected';

function decodeTopic(value: string): string {
  try {
    return decodeURIComponent(value).trim();
  } catch {
    return value.trim();
  }
}

/** Reads a topic from the event: `detail: { topic }` or a plain string detail. */
export function topicFromEvent(event: Event): string | null {
  const detail: unknown = (event as CustomEvent<unknown>).detail;
  if (typeof detail === 'string') return detail.trim() || null;
  if (detail && typeof detail === 'object' && 'topic' in detail && typeof detail.topic === 'string') {
    return detail.topic.trim() || null;
  }
  return null;
}

/**
 * Spec §2 Home: `?topic=` (URL-decoded) preselects the recording topic and is then removed from the address
 * bar; the `aiSuggestionSelected` window event does the same at any time.
 */
export function useHomeTopic(onTopic: (topic: string) => void): void {
  const latest = useRef(onTopic);
  useEffect(() => {
    latest.current = onTopic;
  });

  useEffect(() => {
    const url = new URL(window.location.href);
    const raw = url.searchParams.get('topic');
    if (raw === null) return;
    url.searchParams.delete('topic');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    const topic = decodeTopic(raw);
    if (topic) latest.current(topic);
  }, []);

  useEffect(() => {
    const listener = (event: Event) => {
      const topic = topicFromEvent(event);
      if (topic) latest.current(topic);
    };
    window.addEventListener(AI_SUGGESTION_EVENT, listener);
    return () => window.removeEventListener(AI_SUGGESTION_EVENT, listener);
  }, []);
}

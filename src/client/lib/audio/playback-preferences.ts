import { useSyncExternalStore } from 'react';
import { readSkipSilence, writeSkipSilence } from './silence-skipping';

/** Beyond the spec, as podcast apps do: speed and volume are remembered, and long pods resume where left. */
export const PLAYBACK_RATES = [1, 1.25, 1.5, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

const RATE_KEY = 'earshot.playbackRate';
const VOLUME_KEY = 'earshot.volume';
const RESUME_KEY_PREFIX = 'earshot.resume.';
/** Only pods longer than this remember their position (five minutes). */
export const RESUME_MIN_DURATION_S = 5 * 60;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the preference lasts for this page only.
  }
}

interface Preferences {
  rate: PlaybackRate;
  volume: number;
  /** Pauses longer than half a second are jumped over (silence-skipping.ts). */
  skipSilence: boolean;
}

function load(): Preferences {
  const rate = Number(read(RATE_KEY));
  const volume = Number(read(VOLUME_KEY) ?? 1);
  return {
    rate: (PLAYBACK_RATES as readonly number[]).includes(rate) ? (rate as PlaybackRate) : 1,
    volume: Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : 1,
    skipSilence: readSkipSilence(),
  };
}

let preferences: Preferences | null = null;
const listeners = new Set<() => void>();

function snapshot(): Preferences {
  preferences ??= load();
  return preferences;
}

function update(next: Partial<Preferences>): void {
  preferences = { ...snapshot(), ...next };
  write(RATE_KEY, String(preferences.rate));
  write(VOLUME_KEY, String(preferences.volume));
  writeSkipSilence(preferences.skipSilence);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every player shares one speed, one volume and one choice to skip silence, so they never disagree. */
export function usePlaybackPreferences() {
  const { rate, volume, skipSilence } = useSyncExternalStore(subscribe, snapshot);
  return {
    rate,
    volume,
    skipSilence,
    setRate: (next: PlaybackRate) => update({ rate: next }),
    setVolume: (next: number) => update({ volume: Math.min(1, Math.max(0, next)) }),
    setSkipSilence: (on: boolean) => update({ skipSilence: on }),
  };
}

export function nextPlaybackRate(rate: PlaybackRate): PlaybackRate {
  const index = PLAYBACK_RATES.indexOf(rate);
  return PLAYBACK_RATES[(index + 1) % PLAYBACK_RATES.length] ?? 1;
}

export function savedPosition(postId: string): number | null {
  const value = Number(read(RESUME_KEY_PREFIX + postId));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function savePosition(postId: string, seconds: number | null): void {
  write(RESUME_KEY_PREFIX + postId, seconds === null ? null : String(Math.floor(seconds)));
}

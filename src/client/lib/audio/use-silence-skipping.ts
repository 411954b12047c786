import { useEffect, useRef, useState } from 'react';
import type { SpeechRanges } from '@shared/contract/posts';
import { usePlaybackPreferences } from './playback-preferences';
import { attachSilenceSkipping, type SilenceSkipping } from './silence-skipping';

/**
 * Skips the pauses of the recording `element` plays while the listener's "Skip silence" is on; `recording.key` names
 * the recording, so the count of what was skipped starts over with each. Returns the seconds skipped on it.
 */
export function useSilenceSkipping(
  element: HTMLAudioElement | null,
  recording: { key: string | null; speech: SpeechRanges; duration: number },
): number {
  const { skipSilence } = usePlaybackPreferences();
  const isOn = useRef(skipSilence);
  useEffect(() => {
    isOn.current = skipSilence;
  }, [skipSilence]);
  const skipping = useRef<SilenceSkipping | null>(null);
  const { key, speech, duration } = recording;
  const [skipped, setSkipped] = useState({ key, seconds: 0 });
  const latestKey = useRef(key);

  useEffect(() => {
    if (!element) return;
    const attached = attachSilenceSkipping(
      element,
      () => isOn.current,
      (seconds) => setSkipped({ key: latestKey.current, seconds }),
    );
    skipping.current = attached;
    return () => attached.detach();
  }, [element]);

  useEffect(() => {
    latestKey.current = key;
    skipping.current?.reset(speech, duration);
  }, [element, key, speech, duration]);

  return skipped.key === key ? skipped.seconds : 0;
}

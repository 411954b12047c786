import type { SpeechRanges } from '@shared/contract/posts';
import {
  attachSilenceSkipping,
  readSkipSilence,
  skippedSilenceText,
  writeSkipSilence,
} from '@client/lib/audio/silence-skipping';

/**
 * The embed's "Skip silence" switch, remembered on this device like the app's, over the page's markup: the jumps
 * follow the post's measured speech (`data-speech`); what was skipped is shown as it grows and said to screen
 * readers when playback stops.
 */
export function startSkippingSilence(root: HTMLElement, audio: HTMLAudioElement, duration: number): void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-skip-silence]');
  const saved = root.querySelector<HTMLElement>('[data-saved]');
  const status = root.querySelector<HTMLElement>('[data-saved-status]');
  if (!toggle || !saved || !status || !root.dataset.speech) return;
  let on = readSkipSilence();
  const showSwitch = () => toggle.setAttribute('aria-pressed', String(on));
  const skipping = attachSilenceSkipping(
    audio,
    () => on,
    (seconds) => (saved.textContent = skippedSilenceText(seconds)),
  );
  skipping.reset(JSON.parse(root.dataset.speech) as SpeechRanges, duration);
  const announce = () => (status.textContent = skippedSilenceText(skipping.skipped()));
  audio.addEventListener('pause', announce);
  audio.addEventListener('ended', announce);
  toggle.addEventListener('click', () => {
    on = !on;
    writeSkipSilence(on);
    showSwitch();
  });
  showSwitch();
}

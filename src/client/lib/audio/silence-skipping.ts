import type { SpeechRanges } from '@shared/contract/posts';
import { formatDuration } from '@client/lib/format';

/** Pauses longer than this are jumped over; shorter ones are the rhythm of speech. */
const LONGEST_KEPT_PAUSE_S = 0.5;
/**
 * Silence kept at each side of a jump, so no word is clipped and speech never starts abruptly. The jump goes from
 * silence to silence, so no fade is needed: nothing audible is cut.
 */
const KEPT_SILENCE_S = 0.2;

/** A stretch jumped over: playback that reaches `from` goes on from `to`. */
export interface Jump {
  from: number;
  to: number;
}

/** The jumps of a recording: each pause between its speech (and before and after it) longer than half a second. */
export function silenceJumps(speech: SpeechRanges, duration: number): Jump[] {
  if (!speech || duration <= 0) return [];
  const edges = [[0, 0] as const, ...speech, [duration, duration] as const];
  const jumps: Jump[] = [];
  for (let index = 1; index < edges.length; index += 1) {
    const pauseStart = edges[index - 1]![1];
    const pauseEnd = edges[index]![0];
    if (pauseEnd - pauseStart <= LONGEST_KEPT_PAUSE_S) continue;
    // The recording's own start and end have no speech to keep silence beside.
    const from = index === 1 ? pauseStart : pauseStart + KEPT_SILENCE_S;
    const to = index === edges.length - 1 ? pauseEnd : pauseEnd - KEPT_SILENCE_S;
    if (to > from) jumps.push({ from, to });
  }
  return jumps;
}

/** The jump playback at `time` is inside, if any. */
function jumpAt(jumps: readonly Jump[], time: number): Jump | undefined {
  return jumps.find((jump) => time >= jump.from && time < jump.to);
}

const SKIP_SILENCE_KEY = 'earshot.skipSilence';

/** Remembered like the speed: on for every player once turned on, on this device. */
export function readSkipSilence(): boolean {
  try {
    return localStorage.getItem(SKIP_SILENCE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeSkipSilence(on: boolean): void {
  try {
    localStorage.setItem(SKIP_SILENCE_KEY, String(on));
  } catch {
    // Private mode or a full quota: the choice lasts for this page only.
  }
}

export interface SilenceSkipping {
  /** Seconds of this recording's silence jumped over since it was loaded. */
  skipped: () => number;
  /** A new recording (or new ranges): the count starts over. */
  reset: (speech: SpeechRanges, duration: number) => void;
  detach: () => void;
}

/**
 * Watches `audio` while it plays (each animation frame, and each timeupdate for a hidden tab where frames stop)
 * and, while `isOn()`, moves it past each pause longer than half a second. `onSkip` hears of every jump.
 */
export function attachSilenceSkipping(
  audio: HTMLAudioElement,
  isOn: () => boolean,
  onSkip: (skippedSeconds: number) => void,
): SilenceSkipping {
  let jumps: Jump[] = [];
  let skipped = 0;
  let frame = 0;

  const check = () => {
    if (!isOn() || audio.paused || audio.seeking) return;
    const jump = jumpAt(jumps, audio.currentTime);
    if (!jump) return;
    skipped += jump.to - audio.currentTime;
    audio.currentTime = jump.to;
    onSkip(skipped);
  };
  const follow = () => {
    check();
    frame = requestAnimationFrame(follow);
  };
  const onPlay = () => {
    cancelAnimationFrame(frame);
    follow();
  };
  const onPause = () => cancelAnimationFrame(frame);

  audio.addEventListener('playing', onPlay);
  audio.addEventListener('pause', onPause);
  audio.addEventListener('ended', onPause);
  audio.addEventListener('timeupdate', check);
  if (!audio.paused) onPlay();
  return {
    skipped: () => skipped,
    reset: (speech, duration) => {
      jumps = silenceJumps(speech, duration);
      skipped = 0;
    },
    detach: () => {
      cancelAnimationFrame(frame);
      audio.removeEventListener('playing', onPlay);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('ended', onPause);
      audio.removeEventListener('timeupdate', check);
    },
  };
}

/** What the player says it saved on this recording: "Skipped 0:12 of silence", once there is a second of it. */
export const skippedSilenceText = (seconds: number): string | null =>
  seconds >= 1 ? `Skipped ${formatDuration(seconds)} of silence` : null;

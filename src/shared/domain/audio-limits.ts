import { COMMENT_MAX_SECONDS } from './social';

/** How long one kind of recording may be, and what it is called in the message that refuses a longer one. */
export interface AudioDurationLimit {
  seconds: number;
  /** Plural, as the refusal starts: "Voice comments can be at most 5 minutes long." */
  kinds: string;
}

export const AUDIO_DURATION_LIMITS = {
  /** Posts, pods and diary entries, including what autosave recovers. */
  post: { seconds: 4 * 60 * 60, kinds: 'Posts, pods and diary entries' },
  comment: { seconds: COMMENT_MAX_SECONDS, kinds: 'Voice comments' },
  voiceBio: { seconds: 30, kinds: 'Voice bios' },
  conversationMessage: { seconds: 15 * 60, kinds: 'Voice messages' },
} as const satisfies Record<string, AudioDurationLimit>;

const UNITS = [
  { seconds: 3600, one: 'hour', many: 'hours' },
  { seconds: 60, one: 'minute', many: 'minutes' },
  { seconds: 1, one: 'second', many: 'seconds' },
];

/** "4 hours", "5 minutes", "1 hour 30 minutes": whole seconds in words. */
export function durationInWords(totalSeconds: number): string {
  let rest = Math.round(totalSeconds);
  const parts: string[] = [];
  for (const unit of UNITS) {
    const count = Math.floor(rest / unit.seconds);
    rest -= count * unit.seconds;
    if (count > 0) parts.push(`${count} ${count === 1 ? unit.one : unit.many}`);
  }
  return parts.length > 0 ? parts.join(' ') : '0 seconds';
}

export function tooLongMessage(limit: AudioDurationLimit): string {
  return `${limit.kinds} can be at most ${durationInWords(limit.seconds)} long.`;
}

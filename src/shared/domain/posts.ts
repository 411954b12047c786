export const POST_TYPES = ['post', 'episode', 'diary'] as const;
export type PostType = (typeof POST_TYPES)[number];

export const DEFAULT_POST_TITLE = 'Untitled Voice Post';
export const DEFAULT_CATEGORY = 'General';
export const DIARY_CATEGORY = 'Personal';
export const RECOVERED_RECORDING_TITLE = 'Recovered recording';

export const MAX_AUDIO_BYTES = 100 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const TITLE_MAX_LENGTH = 200;
export const CATEGORY_MAX_LENGTH = 60;
export const TRANSCRIPTION_MAX_LENGTH = 20_000;
export const LINK_MAX_LENGTH = 2000;

/** A link shown to listeners (a post's promotion link) must open a web page: http or https, without spaces. */
export function isWebLink(value: string): boolean {
  return /^https?:\/\/\S+$/i.test(value);
}
export const AUTOSAVE_RECOVERY_AFTER_MS = 24 * 60 * 60 * 1000;
/** An autosaved recording grows no larger than a post may be, so every one can be recovered. */
export const MAX_AUTOSAVE_SESSION_BYTES = MAX_AUDIO_BYTES;
/** What autosave keeps for one person across recordings not yet published or recovered: two at full length. */
export const MAX_AUTOSAVE_BYTES_PER_USER = 2 * MAX_AUTOSAVE_SESSION_BYTES;

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
export const AUTOSAVE_RECOVERY_AFTER_MS = 24 * 60 * 60 * 1000;

export const VISITOR_NAME_MAX_LENGTH = 80;
export const COMMENT_MAX_SECONDS = 5 * 60;
/**
 * Five minutes at 512 kb/s, above any bit rate a browser records at (Opus stops at 510 kb/s, AAC lower), so every
 * recorded comment fits while an upload meant to fill the disk is refused at a fifth of a post's 100 MB.
 */
export const COMMENT_MAX_BYTES = 20 * 1024 * 1024;

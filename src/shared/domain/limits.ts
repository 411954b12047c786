export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 80;
export const PROFILE_LINKS_MAX = 5;
export const BIO_MAX_LENGTH = 500;

export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 100;

export const USER_CACHE_MS = 5 * 60 * 1000;
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/** Spec §5/§9 Search: a query needs more than 2 characters. */
export const SEARCH_MIN_LENGTH = 3;
/** Spec §9: Discover shows up to 5 active users and the first 10 trending posts. */
export const DISCOVER_ACTIVE_USERS = 5;
export const DISCOVER_TRENDING_POSTS = 10;

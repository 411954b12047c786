/** Spec §5 Profile rules the server enforces, with the messages a person sees when one is broken. */
export const PROFILE_IMAGE_TOO_LARGE_MESSAGE = 'Profile image must be less than 10MB';
export const COVER_IMAGE_TOO_LARGE_MESSAGE = 'Cover image must be less than 10MB';
export const USERNAME_TAKEN_MESSAGE = 'That username is already taken. Please choose another.';
export const BIO_TOO_LONG_MESSAGE = 'Bio must be at most 500 characters.';
export const TOO_MANY_LINKS_MESSAGE = 'You can add at most 5 links.';
export const LINKS_NOT_A_LIST_MESSAGE = 'Links must be a JSON list of title and url pairs.';
export const LINK_SCHEME_MESSAGE = 'Each link must be a web address starting with http:// or https://.';
export const WEBSITE_SCHEME_MESSAGE = 'Website must be a web address starting with http:// or https://.';

export const LOCATION_MAX_LENGTH = 100;
export const INTERESTS_MAX_LENGTH = 500;
export const LINK_TITLE_MAX_LENGTH = 100;
export const URL_MAX_LENGTH = 2048;

/**
 * The position adjuster moves the picture at most half its largest preview (the 128 px profile avatar) either
 * way, in CSS pixels as the avatar applies them.
 */
export const PROFILE_IMAGE_OFFSET_LIMIT = 64;

/** Only web addresses: a `javascript:` or `data:` link would run or carry content when someone clicks it. */
export function isHttpUrl(text: string): boolean {
  if (text.length > URL_MAX_LENGTH) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function clampOffset(value: number): number {
  return Math.min(PROFILE_IMAGE_OFFSET_LIMIT, Math.max(-PROFILE_IMAGE_OFFSET_LIMIT, value));
}

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
 * How a picture sits in its round avatar, the same at every size (spec §2 "The picture is offset-positioned"):
 * `x` and `y` are percentages as CSS `object-position` takes them (0 shows the picture's left or top edge, 50 its
 * middle, 100 its right or bottom edge) and `zoom` enlarges it about that point. The picture always covers the
 * circle: it is first scaled to cover it, then only enlarged.
 */
export interface PictureFraming {
  x: number;
  y: number;
  zoom: number;
}

export const CENTRED_FRAMING: PictureFraming = { x: 50, y: 50, zoom: 1 };
export const MAX_PICTURE_ZOOM = 4;

/**
 * Offsets in CSS pixels on a 128 px avatar, as clients before framing saved them: each moved the picture (not
 * enlarged) by up to half the circle, uncovering the rest.
 */
export const LEGACY_OFFSET_BASE_PX = 128;
/** A legacy offset becomes at most this zoom; a larger shift keeps its direction, not its exact centre. */
const LEGACY_MAX_ZOOM = 3;

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

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function clampFraming({ x, y, zoom }: PictureFraming): PictureFraming {
  return { x: clamp(x, 0, 100), y: clamp(y, 0, 100), zoom: clamp(zoom, 1, MAX_PICTURE_ZOOM) };
}

/**
 * The framing that shows, at the circle's centre, what a legacy pixel offset showed there (taking the picture as
 * square), enlarged just enough to cover the strip the offset left empty. The migration
 * 20261128T1200-picture-framing converts stored offsets by the same rule, frozen in SQL.
 */
export function framingFromLegacyOffset(offsetX: number, offsetY: number): PictureFraming {
  const shiftX = clamp(offsetX / LEGACY_OFFSET_BASE_PX, -0.5, 0.5);
  const shiftY = clamp(offsetY / LEGACY_OFFSET_BASE_PX, -0.5, 0.5);
  const largest = Math.max(Math.abs(shiftX), Math.abs(shiftY));
  if (largest === 0) return CENTRED_FRAMING;
  const zoom = Math.min(LEGACY_MAX_ZOOM, 1 / (1 - 2 * largest));
  const percent = (shift: number) => clamp(50 - (100 * shift * zoom) / (zoom - 1), 0, 100);
  return { x: percent(shiftX), y: percent(shiftY), zoom };
}

/**
 * Where a share from the phone's share sheet lands: `/?shared=<outcome>`. The server receives the share sheet's
 * POST (`/share-target`), keeps an audio file for the signed-in person and sends `audio`; `none` when no file came,
 * `too-large`, `not-audio` when its content is not audio, and `unavailable` when nobody is signed in to keep it for.
 */
export const SHARED_PARAM = 'shared';

export type ShareOutcome = 'audio' | 'none' | 'too-large' | 'not-audio' | 'unavailable';

export const shareLandingPath = (outcome: ShareOutcome): string => `/?${SHARED_PARAM}=${outcome}`;

/** A share older than this is let go rather than opened: nobody is waiting for it any more. */
export const SHARE_KEPT_MS = 60 * 60 * 1000;

/** Said, on a page of its own, to whatever posts to the share target that is not the device's share sheet. */
export const FOREIGN_SHARE_MESSAGE = "Earshot takes shared audio only from your device's share sheet.";

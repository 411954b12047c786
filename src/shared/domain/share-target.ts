/**
 * Where a share from the phone's share sheet lands: `/?shared=<outcome>`. The service worker (public/sw.js, which
 * cannot import this) sends `audio`, `none` or `too-large`; the server sends `unavailable` when no worker took it.
 */
export const SHARED_PARAM = 'shared';

export type ShareOutcome = 'audio' | 'none' | 'too-large' | 'unavailable';

export const shareLandingPath = (outcome: ShareOutcome): string => `/?${SHARED_PARAM}=${outcome}`;

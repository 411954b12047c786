import { postPagePath } from '@shared/domain/page-paths';

/** The query parameter of a link to a moment: `/posts/{id}?t=73` opens the post playing from 73 s. */
export const MOMENT_PARAM = 't';

/**
 * Whether a post's player offers links to its moments. Not for a draft: its link opens for nobody else, and nobody
 * would be sent a moment of something unfinished. A private post keeps them: its owner may send a moment to
 * themselves (another device, a note), and to anyone else it is as closed as the post's own link.
 */
export function linksToMoments(post: { isDraft: boolean }): boolean {
  return !post.isDraft;
}

/** The path of a post's page, optionally at a moment: whole seconds, rounded down. */
export function postMomentPath(postId: string, seconds?: number): string {
  const path = postPagePath(postId);
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 1) return path;
  return `${path}?${MOMENT_PARAM}=${Math.floor(seconds)}`;
}

/** The share link of a post (spec §2), optionally at a moment: whole seconds, rounded down. */
export function postShareUrl(postId: string, seconds?: number): string {
  return `${location.origin}${postMomentPath(postId, seconds)}`;
}

/** `73`, `73.5`, `73s`; `1:13`, `1:02:03`; `1m13s`, `1h2m3s`, `2m`: the forms people and other players write. */
const SECONDS = /^(\d+(?:\.\d+)?)s?$/;
const CLOCK = /^(?:(\d+):)?(\d+):([0-5]\d(?:\.\d+)?)$/;
const UNITS = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?$/;

function secondsOf(value: string): number | null {
  const plain = SECONDS.exec(value);
  if (plain) return Number(plain[1]);
  const clock = CLOCK.exec(value);
  if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const units = UNITS.exec(value);
  if (units && value !== '')
    return Number(units[1] ?? 0) * 3600 + Number(units[2] ?? 0) * 60 + Number(units[3] ?? 0);
  return null;
}

/**
 * Where a link asks the post to start (`?t=73`, `?t=1:13` or `?t=1m13s`; a fraction is cut to whole seconds), or
 * null: nothing asked, or nothing usable (not a time, zero, or at or past the end of a `duration` that is known).
 */
export function momentFromSearch(search: string, duration: number): number | null {
  const value = new URLSearchParams(search).get(MOMENT_PARAM)?.trim().toLowerCase();
  const asked = value ? secondsOf(value) : null;
  if (asked === null) return null;
  const seconds = Math.floor(asked);
  if (seconds <= 0) return null;
  if (duration > 0 && seconds >= duration) return null;
  return seconds;
}

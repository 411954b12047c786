/** The query parameter of a link to a moment: `/posts/{id}?t=73` opens the post playing from 73 s. */
export const MOMENT_PARAM = 't';

/** The share link of a post (spec §2), optionally at a moment: whole seconds, rounded down. */
export function postShareUrl(postId: string, seconds?: number): string {
  const url = `${location.origin}/posts/${encodeURIComponent(postId)}`;
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 1) return url;
  return `${url}?${MOMENT_PARAM}=${Math.floor(seconds)}`;
}

/**
 * Where a link asks the post to start (`?t=73`, seconds; a fraction is cut to whole seconds), or null: nothing
 * asked, or nothing usable (not a number, negative, zero, or at or past the end of a `duration` that is known).
 */
export function momentFromSearch(search: string, duration: number): number | null {
  const value = new URLSearchParams(search).get(MOMENT_PARAM)?.trim();
  if (!value || !/^\d+(\.\d+)?$/.test(value)) return null;
  const seconds = Math.floor(Number(value));
  if (seconds <= 0) return null;
  if (duration > 0 && seconds >= duration) return null;
  return seconds;
}

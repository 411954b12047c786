import type { IncomingHttpHeaders } from 'node:http';

/** The validators a response carries: a strong entity tag (quoted) and the time of the last change. */
export interface Validators {
  etag: string;
  modifiedAt: Date;
}

/** A bare tag (as some stores give it) in the quoted form of an ETag header. */
export function entityTag(tag: string): string {
  return tag.startsWith('"') ? tag : `"${tag}"`;
}

/** HTTP dates have whole seconds. */
const wholeSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

function secondsOf(httpDate: string | undefined): number | undefined {
  const parsed = httpDate === undefined ? NaN : Date.parse(httpDate);
  return Number.isNaN(parsed) ? undefined : Math.floor(parsed / 1000);
}

/** If-None-Match names `etag` (weak comparison) or is `*`. */
export function matchesEntityTag(headers: IncomingHttpHeaders, etag: string): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** If-None-Match (weak comparison), or when absent If-Modified-Since: the client's copy is current, so 304. */
export function isNotModified(headers: IncomingHttpHeaders, current: Validators): boolean {
  if (headers['if-none-match'] !== undefined) return matchesEntityTag(headers, current.etag);
  const since = secondsOf(headers['if-modified-since']);
  return since !== undefined && wholeSeconds(current.modifiedAt) <= since;
}

/**
 * If-Range: a Range applies only while the object is still the one the client has part of (the same strong
 * entity tag, or exactly its Last-Modified date); otherwise the whole object is sent.
 */
export function rangeStillApplies(headers: IncomingHttpHeaders, current: Validators): boolean {
  const header = headers['if-range'];
  if (header === undefined) return true;
  if (typeof header !== 'string') return false; // sent twice: no single validator to trust
  const ifRange = header.trim();
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === current.etag;
  return secondsOf(ifRange) === wholeSeconds(current.modifiedAt);
}

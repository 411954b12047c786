import type { ByteRange } from '../storage/blob-store';

/** What a request's Range header asks of an object (RFC 9110 §14.2). */
export type RangeRequest =
  { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

const SINGLE_BYTE_RANGE = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i;
const WHOLE: RangeRequest = { kind: 'whole' };
const UNSATISFIABLE: RangeRequest = { kind: 'unsatisfiable' };

/**
 * The one byte range `header` asks of an object of `size` bytes, clamped to its end: `a-b`, `a-` or the last `n`
 * bytes (`-n`). Several ranges, another unit or a malformed header get the whole object, as RFC 9110 allows a
 * server to answer; a range that starts past the end (or asks for no bytes) cannot be satisfied.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  const match = header === undefined ? null : SINGLE_BYTE_RANGE.exec(header);
  if (!match) return WHOLE;
  const [, first = '', last = ''] = match;
  if (first === '') {
    if (last === '') return WHOLE;
    const suffixLength = Number(last);
    if (suffixLength === 0 || size === 0) return UNSATISFIABLE;
    return { kind: 'partial', range: { start: Math.max(0, size - suffixLength), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return WHOLE; // not a valid range, so the header is ignored
  if (start >= size) return UNSATISFIABLE;
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } };
}

/**
 * The advanced editor's edit list: operations over a draft's original recording and the takes recorded for it.
 * The client applies the list as the person edits; the server applies the same list to its own measurements of
 * the audio and renders the result from the original in one pass, so a save never re-encodes an earlier render.
 */

/** Positions and lengths are integer milliseconds on the timeline as it stands just before the operation. */
export type EditOperation =
  | { kind: 'delete'; start: number; end: number }
  | { kind: 'insert'; at: number; takeId: string }
  | { kind: 'append'; takeId: string };

/** A stretch of one source: 'original' or a take's id; from/to in that source's own milliseconds. */
export interface EditSegment {
  source: string;
  from: number;
  to: number;
}

export const ORIGINAL_SOURCE = 'original';
/** Every edit since the original counts (the list is rendered from it whole); each adds at most two joints. */
export const MAX_EDIT_OPERATIONS = 500;
/** Spec §5 Editor. */
export const DELETE_ALL_MESSAGE = 'Cannot delete entire recording';
/** Less than this left after a deletion is nothing anyone can hear: refused as deleting everything. */
export const MIN_KEPT_MS = 500;

/** Whether deleting `start`–`end` of a timeline `length` long would leave nothing audible (spec §5). */
export function deletesEverything(start: number, end: number, length: number): boolean {
  return length - (Math.min(end, length) - Math.max(start, 0)) < MIN_KEPT_MS;
}

/** An edit list that cannot be applied; its message says what to change. */
export class EditListError extends Error {
  override name = 'EditListError';
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

function requireWholeMs(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0) {
    throw new EditListError(`${what} must be a whole number of milliseconds, not ${value}.`);
  }
}

export function timelineLength(segments: readonly EditSegment[]): number {
  return segments.reduce((total, segment) => total + (segment.to - segment.from), 0);
}

/** Drops empty stretches and joins neighbours that continue each other, so no joint is left where none is heard. */
function normalised(segments: readonly EditSegment[]): EditSegment[] {
  const result: EditSegment[] = [];
  for (const segment of segments) {
    if (segment.to <= segment.from) continue;
    const previous = result.at(-1);
    if (previous && previous.source === segment.source && previous.to === segment.from) {
      result[result.length - 1] = { ...previous, to: segment.to };
    } else {
      result.push({ ...segment });
    }
  }
  return result;
}

/** The timeline cut at `t`: what comes before it and what from it on. */
function splitAt(segments: readonly EditSegment[], t: number): [EditSegment[], EditSegment[]] {
  const before: EditSegment[] = [];
  const after: EditSegment[] = [];
  let start = 0;
  for (const segment of segments) {
    const length = segment.to - segment.from;
    if (start + length <= t) before.push(segment);
    else if (start >= t) after.push(segment);
    else {
      const cut = segment.from + (t - start);
      before.push({ ...segment, to: cut });
      after.push({ ...segment, from: cut });
    }
    start += length;
  }
  return [before, after];
}

function takeSegment(takeMs: ReadonlyMap<string, number>, takeId: string): EditSegment {
  const length = takeMs.get(takeId);
  if (length === undefined || takeId === ORIGINAL_SOURCE) {
    throw new EditListError(`The recording "${takeId}" is not one of this draft's takes. Record it again.`);
  }
  return { source: takeId, from: 0, to: length };
}

function apply(
  segments: EditSegment[],
  takeMs: ReadonlyMap<string, number>,
  op: EditOperation,
): EditSegment[] {
  const length = timelineLength(segments);
  switch (op.kind) {
    case 'delete': {
      requireWholeMs(op.start, 'The start of a deletion');
      requireWholeMs(op.end, 'The end of a deletion');
      if (op.start >= op.end) throw new EditListError('A deletion must end after it starts.');
      if (op.end > length) {
        throw new EditListError(
          `Cannot delete up to ${seconds(op.end)}: the recording is ${seconds(length)} long there.`,
        );
      }
      if (deletesEverything(op.start, op.end, length)) throw new EditListError(DELETE_ALL_MESSAGE);
      const [before] = splitAt(segments, op.start);
      const [, after] = splitAt(segments, op.end);
      return normalised([...before, ...after]);
    }
    case 'insert': {
      requireWholeMs(op.at, 'An insertion point');
      if (op.at > length) {
        throw new EditListError(
          `Cannot insert at ${seconds(op.at)}: the recording is ${seconds(length)} long there.`,
        );
      }
      const take = takeSegment(takeMs, op.takeId);
      const [before, after] = splitAt(segments, op.at);
      return normalised([...before, take, ...after]);
    }
    case 'append':
      return normalised([...segments, takeSegment(takeMs, op.takeId)]);
  }
}

/**
 * The timeline after applying ops in order; throws EditListError for a delete outside the timeline, start >= end,
 * deleting everything or all but a moment ("Cannot delete entire recording"), an insert past the end, an unknown
 * take.
 */
export function resolveEdits(
  originalMs: number,
  takeMs: ReadonlyMap<string, number>,
  ops: readonly EditOperation[],
): EditSegment[] {
  if (ops.length > MAX_EDIT_OPERATIONS) {
    throw new EditListError(
      `A draft can take at most ${MAX_EDIT_OPERATIONS} edits; this list has ${ops.length}.`,
    );
  }
  let segments = normalised([{ source: ORIGINAL_SOURCE, from: 0, to: originalMs }]);
  for (const op of ops) segments = apply(segments, takeMs, op);
  return segments;
}

/**
 * Where timeline position t (ms) falls: the segment index and the source position. A position on a joint belongs
 * to the segment that starts there; the very end of the timeline to the last segment, at its `to`. Outside the
 * timeline: undefined.
 */
export function locate(
  segments: readonly EditSegment[],
  t: number,
): { index: number; source: string; at: number } | undefined {
  let start = 0;
  for (const [index, segment] of segments.entries()) {
    const end = start + (segment.to - segment.from);
    const last = index === segments.length - 1;
    if (t >= start && (t < end || (last && t === end))) {
      return { index, source: segment.source, at: segment.from + (t - start) };
    }
    start = end;
  }
  return undefined;
}

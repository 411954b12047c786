import { describe, expect, it } from 'vitest';
import {
  EditListError,
  locate,
  MAX_EDIT_OPERATIONS,
  ORIGINAL_SOURCE,
  resolveEdits,
  timelineLength,
  type EditOperation,
  type EditSegment,
} from './edit-list';

const O = ORIGINAL_SOURCE;
const takes = new Map([
  ['a', 1000],
  ['b', 500],
  ['t', 2],
]);
const resolve = (ops: EditOperation[], originalMs = 10_000) => resolveEdits(originalMs, takes, ops);

/** Where every millisecond of the timeline comes from, one entry per ms: `source@position`. */
function sampleMap(segments: EditSegment[]): string[] {
  return Array.from({ length: timelineLength(segments) }, (_, t) => {
    const where = locate(segments, t);
    return `${where?.source}@${where?.at}`;
  });
}

function refusal(ops: EditOperation[], originalMs = 10_000): string {
  try {
    resolve(ops, originalMs);
  } catch (error) {
    expect(error).toBeInstanceOf(EditListError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('resolveEdits', () => {
  it('is the whole original without operations', () => {
    expect(resolve([])).toEqual([{ source: O, from: 0, to: 10_000 }]);
  });

  it('cuts a range out, so what followed it moves up', () => {
    const segments = resolve([{ kind: 'delete', start: 2000, end: 3000 }]);
    expect(segments).toEqual([
      { source: O, from: 0, to: 2000 },
      { source: O, from: 3000, to: 10_000 },
    ]);
    expect(timelineLength(segments)).toBe(9000);
    expect(locate(segments, 1999)).toEqual({ index: 0, source: O, at: 1999 });
    expect(locate(segments, 2000)).toEqual({ index: 1, source: O, at: 3000 });
    expect(locate(segments, 8999)).toEqual({ index: 1, source: O, at: 9999 });
  });

  it('inserts a take at the start, inside and at the end', () => {
    expect(resolve([{ kind: 'insert', at: 0, takeId: 'a' }])).toEqual([
      { source: 'a', from: 0, to: 1000 },
      { source: O, from: 0, to: 10_000 },
    ]);
    const inside = resolve([{ kind: 'insert', at: 4000, takeId: 'b' }]);
    expect(inside).toEqual([
      { source: O, from: 0, to: 4000 },
      { source: 'b', from: 0, to: 500 },
      { source: O, from: 4000, to: 10_000 },
    ]);
    expect(locate(inside, 4000)).toEqual({ index: 1, source: 'b', at: 0 });
    expect(locate(inside, 4500)).toEqual({ index: 2, source: O, at: 4000 });
    expect(resolve([{ kind: 'insert', at: 10_000, takeId: 'a' }])).toEqual(
      resolve([{ kind: 'append', takeId: 'a' }]),
    );
  });

  it('inserts inside a take inserted earlier', () => {
    const segments = resolve([
      { kind: 'append', takeId: 'a' },
      { kind: 'insert', at: 10_300, takeId: 'b' },
    ]);
    expect(segments).toEqual([
      { source: O, from: 0, to: 10_000 },
      { source: 'a', from: 0, to: 300 },
      { source: 'b', from: 0, to: 500 },
      { source: 'a', from: 300, to: 1000 },
    ]);
    expect(timelineLength(segments)).toBe(11_500);
  });

  it('deletes across several segments, keeping the parts outside the range', () => {
    const segments = resolve(
      [
        { kind: 'insert', at: 1000, takeId: 'a' },
        { kind: 'insert', at: 3000, takeId: 'b' },
        // 1000-2000 is a, 2000-3000 original 1000-2000, 3000-3500 b, 3500 on original 2000 on.
        { kind: 'delete', start: 1500, end: 3200 },
      ],
      4000,
    );
    expect(segments).toEqual([
      { source: O, from: 0, to: 1000 },
      { source: 'a', from: 0, to: 500 },
      { source: 'b', from: 200, to: 500 },
      { source: O, from: 2000, to: 4000 },
    ]);
  });

  it('deletes an entire take, leaving the original whole again', () => {
    expect(
      resolve([
        { kind: 'insert', at: 5000, takeId: 'a' },
        { kind: 'delete', start: 5000, end: 6000 },
      ]),
    ).toEqual([{ source: O, from: 0, to: 10_000 }]);
  });

  it('maps every position right after a mix of edits', () => {
    const segments = resolve(
      [
        // Half a second of b after it, so that no deletion leaves less than that (MIN_KEPT_MS).
        { kind: 'append', takeId: 'b' },
        { kind: 'delete', start: 2, end: 4 },
        { kind: 'insert', at: 3, takeId: 't' },
        { kind: 'append', takeId: 't' },
        { kind: 'delete', start: 0, end: 1 },
      ],
      6,
    );
    // The original 0..5 without 2..3, t (2 ms) after original 4, b, t again at the end, then the first ms gone.
    expect(sampleMap(segments)).toEqual([
      'original@1',
      'original@4',
      't@0',
      't@1',
      'original@5',
      ...Array.from({ length: 500 }, (_, at) => `b@${at}`),
      't@0',
      't@1',
    ]);
  });

  it('leaves no joint where the timeline continues itself', () => {
    // Cut at 3000 by an insert, then the insert deleted: one segment, so the render has no fade there.
    const segments = resolve([
      { kind: 'insert', at: 3000, takeId: 'b' },
      { kind: 'delete', start: 3000, end: 3500 },
    ]);
    expect(segments).toHaveLength(1);
  });

  it('refuses what cannot be applied, saying why', () => {
    expect(refusal([{ kind: 'delete', start: 0, end: 10_000 }])).toBe('Cannot delete entire recording');
    expect(
      refusal([
        { kind: 'append', takeId: 'a' },
        { kind: 'delete', start: 0, end: 11_000 },
      ]),
    ).toBe('Cannot delete entire recording');
    // A hair short of either end leaves nothing to hear either (spec §5; the audit's 0:00.0 – 0:08.9 of 9.0 s).
    expect(refusal([{ kind: 'delete', start: 0, end: 8_900 }], 9_000)).toBe('Cannot delete entire recording');
    expect(refusal([{ kind: 'delete', start: 200, end: 9_900 }])).toBe('Cannot delete entire recording');
    expect(resolve([{ kind: 'delete', start: 0, end: 8_500 }], 9_000)).toEqual([
      { source: 'original', from: 8_500, to: 9_000 },
    ]);
    expect(refusal([{ kind: 'delete', start: 3000, end: 3000 }])).toBe(
      'A deletion must end after it starts.',
    );
    expect(refusal([{ kind: 'delete', start: 9000, end: 10_001 }])).toBe(
      'Cannot delete up to 10.001 s: the recording is 10 s long there.',
    );
    expect(refusal([{ kind: 'delete', start: -1, end: 5 }])).toMatch(/whole number of milliseconds/);
    expect(refusal([{ kind: 'delete', start: 1.5, end: 5 }])).toMatch(/whole number of milliseconds/);
    expect(refusal([{ kind: 'insert', at: 10_001, takeId: 'a' }])).toBe(
      'Cannot insert at 10.001 s: the recording is 10 s long there.',
    );
    expect(refusal([{ kind: 'insert', at: 0, takeId: 'nope' }])).toMatch(/not one of this draft's takes/);
    expect(refusal([{ kind: 'append', takeId: O }])).toMatch(/not one of this draft's takes/);
    const tooMany = Array.from({ length: MAX_EDIT_OPERATIONS + 1 }, (): EditOperation => ({
      kind: 'append',
      takeId: 'a',
    }));
    expect(refusal(tooMany)).toMatch(`at most ${MAX_EDIT_OPERATIONS} edits`);
  });

  it('judges each operation against the timeline just before it', () => {
    // 10 s then 1 s appended: a delete up to 11 s is inside the timeline only after the append.
    expect(() =>
      resolve([
        { kind: 'append', takeId: 'a' },
        { kind: 'delete', start: 10_500, end: 11_000 },
      ]),
    ).not.toThrow();
  });
});

describe('locate', () => {
  const segments = resolve([{ kind: 'insert', at: 4000, takeId: 'b' }]);
  it('gives the end of the timeline to the last segment and nothing outside', () => {
    expect(locate(segments, 10_500)).toEqual({ index: 2, source: O, at: 10_000 });
    expect(locate(segments, 10_501)).toBeUndefined();
    expect(locate(segments, -1)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { chaptersAfterEdit, clampChapters } from './edit-chapters';
import type { EditOperation } from './edit-list';

const chapter = (time: number, title = `at ${time}`) => ({ id: title, title, time });
const times = (chapters: readonly { time: number }[]) => chapters.map((c) => c.time);
const takes = new Map([['take', 2000]]);
const cut = (start: number, end: number): EditOperation => ({ kind: 'delete', start, end });

describe('chaptersAfterEdit', () => {
  const chapters = [chapter(0), chapter(1), chapter(3.5), chapter(6), chapter(9)];

  it('moves a chapter inside a deleted range to the cut and shifts later ones left', () => {
    const after = chaptersAfterEdit(chapters, [], [cut(3000, 5000)], takes, 8);
    expect(times(after)).toEqual([0, 1, 3, 4, 7]);
  });

  it('drops a chapter that lands on an earlier one, keeping the first', () => {
    const after = chaptersAfterEdit(
      [chapter(3, 'first'), chapter(4, 'second'), chapter(8)],
      [],
      [cut(3000, 5000)],
      takes,
      8,
    );
    expect(after.map((c) => [c.title, c.time])).toEqual([
      ['first', 3],
      ['at 8', 6],
    ]);
  });

  it('shifts chapters at or after an insertion right by the take, and leaves earlier ones', () => {
    const after = chaptersAfterEdit(chapters, [], [{ kind: 'insert', at: 1000, takeId: 'take' }], takes, 12);
    expect(times(after)).toEqual([0, 3, 5.5, 8, 11]);
  });

  it('leaves chapters where they are for an append', () => {
    const after = chaptersAfterEdit(chapters, [], [{ kind: 'append', takeId: 'take' }], takes, 12);
    expect(times(after)).toEqual([0, 1, 3.5, 6, 9]);
  });

  it('applies only the edits added since the last save', () => {
    // The saved audio already lacks 0–1 s: its chapters are in its own times.
    const after = chaptersAfterEdit(
      [chapter(2), chapter(5)],
      [cut(0, 1000)],
      [cut(0, 1000), cut(1000, 2000)],
      takes,
      7,
    );
    expect(times(after)).toEqual([1, 4]);
  });

  it('puts back the length of an undone deletion', () => {
    const after = chaptersAfterEdit([chapter(1), chapter(3)], [cut(2000, 4000)], [], takes, 10);
    expect(times(after)).toEqual([1, 5]);
  });

  it('keeps a chapter at the start at the start when audio is inserted there', () => {
    const after = chaptersAfterEdit(
      [chapter(0), chapter(1)],
      [],
      [{ kind: 'insert', at: 0, takeId: 'take' }],
      takes,
      12,
    );
    expect(times(after)).toEqual([0, 3]);
  });

  it('keeps a chapter at the start at the start when a deletion from the start is undone', () => {
    const deleted = chaptersAfterEdit([chapter(0), chapter(3)], [], [cut(0, 2000)], takes, 8);
    expect(times(deleted)).toEqual([0, 1]);
    expect(times(chaptersAfterEdit(deleted, [cut(0, 2000)], [], takes, 10))).toEqual([0, 3]);
  });

  it('puts a chapter that sat where a deletion began back there when it is undone', () => {
    const deleted = chaptersAfterEdit([chapter(1), chapter(3), chapter(7)], [], [cut(3000, 5000)], takes, 8);
    expect(times(deleted)).toEqual([1, 3, 5]);
    expect(times(chaptersAfterEdit(deleted, [cut(3000, 5000)], [], takes, 10))).toEqual([1, 3, 7]);
  });

  it('takes an undone insertion at the start back out, the chapter at the start staying', () => {
    const insert: EditOperation = { kind: 'insert', at: 0, takeId: 'take' };
    const inserted = chaptersAfterEdit([chapter(0), chapter(1)], [], [insert], takes, 12);
    expect(times(chaptersAfterEdit(inserted, [insert], [], takes, 10))).toEqual([0, 1]);
  });

  it('clamps to the new length', () => {
    expect(times(chaptersAfterEdit([chapter(1), chapter(9)], [], [], takes, 5))).toEqual([1, 5]);
  });
});

describe('clampChapters', () => {
  it('clamps, orders and keeps the first of chapters that meet at the end', () => {
    const after = clampChapters([chapter(7, 'a'), chapter(2), chapter(9, 'b')], 6);
    expect(after.map((c) => [c.title, c.time])).toEqual([
      ['at 2', 2],
      ['a', 6],
    ]);
  });
});

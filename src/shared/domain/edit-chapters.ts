import type { EditOperation } from './edit-list';

/** What a chapter needs to follow its audio: a time in seconds. */
interface Timed {
  time: number;
}

/** Where a position (ms) on the timeline before `op` is on the timeline after it. */
function forward(t: number, op: EditOperation, takeMs: ReadonlyMap<string, number>): number {
  switch (op.kind) {
    case 'delete':
      // Inside the deleted stretch: to the cut point; after it: left by what was deleted.
      return t < op.start ? t : t < op.end ? op.start : t - (op.end - op.start);
    case 'insert':
      // Audio inserted at or before the chapter pushes it right; the recording's start stays its start.
      return t < op.at || t === 0 ? t : t + (takeMs.get(op.takeId) ?? 0);
    case 'append':
      return t;
  }
}

/** The inverse of `forward`: where a position after `op` was before it (an undone edit). */
function backward(t: number, op: EditOperation, takeMs: ReadonlyMap<string, number>): number {
  switch (op.kind) {
    case 'delete':
      // A chapter at the cut was moved there by it or sat there before it: it stays where the cut began, as a
      // chapter at the start of a deleted stretch (the recording's start among them) was before the deletion.
      return t <= op.start ? t : t + (op.end - op.start);
    case 'insert': {
      const length = takeMs.get(op.takeId) ?? 0;
      return t < op.at ? t : t < op.at + length ? op.at : t - length;
    }
    case 'append':
      return t;
  }
}

const sameOperation = (a: EditOperation, b: EditOperation) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Chapters of the audio rendered from `previous` (times in seconds), moved onto the audio rendered from `next`:
 * the edits both lists share stay, those only `previous` has are undone, then those only `next` has are applied.
 * A chapter inside a deleted stretch moves to the cut; one that lands on the time of an earlier chapter is dropped
 * (the first is kept); all are clamped to `durationSeconds` and come back in time order.
 */
export function chaptersAfterEdit<T extends Timed>(
  chapters: readonly T[],
  previous: readonly EditOperation[],
  next: readonly EditOperation[],
  takeMs: ReadonlyMap<string, number>,
  durationSeconds: number,
): T[] {
  let shared = 0;
  while (shared < previous.length && shared < next.length && sameOperation(previous[shared]!, next[shared]!))
    shared += 1;
  const undone = previous.slice(shared).reverse();
  const done = next.slice(shared);
  const moved = chapters.map((chapter) => {
    let t = Math.round(chapter.time * 1000);
    for (const op of undone) t = backward(t, op, takeMs);
    for (const op of done) t = forward(t, op, takeMs);
    return { ...chapter, time: t / 1000 };
  });
  return clampChapters(moved, durationSeconds);
}

/**
 * Chapters kept within a recording of `durationSeconds`, in time order; of several at the same time (to the
 * millisecond) only the first listed stays.
 */
export function clampChapters<T extends Timed>(chapters: readonly T[], durationSeconds: number): T[] {
  const seen = new Set<number>();
  const kept: T[] = [];
  for (const chapter of chapters) {
    const time = Math.min(Math.max(0, chapter.time), Math.max(0, durationSeconds));
    const key = Math.round(time * 1000);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push({ ...chapter, time });
  }
  return kept.sort((a, b) => a.time - b.time);
}

import { describe, expect, it } from 'vitest';
import {
  DELETE_ALL_MESSAGE,
  SELECT_REGION_MESSAGE,
  deleteRefusal,
  editorReducer,
  hasUnsavedEdits,
  initialEditorState,
  type EditorAction,
  type EditorState,
} from './editor-state';

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const fresh = (originalMs = 9_000) => initialEditorState(originalMs, new Map(), []);

describe('editor state', () => {
  it('puts the markers at one third and two thirds of the clip', () => {
    const state = fresh();
    expect([state.start, state.end, state.playhead, state.length]).toEqual([3_000, 6_000, 0, 9_000]);
  });

  it('never lets the start marker pass the end marker, nor the end pass the start', () => {
    let state = run(fresh(), { type: 'marker', which: 'start', at: 7_000 });
    expect(state.start).toBe(6_000);
    state = run(state, { type: 'marker', which: 'end', at: 1_000 });
    expect(state.end).toBe(6_000);
    state = run(state, { type: 'marker', which: 'end', at: 20_000 });
    expect(state.end).toBe(9_000);
  });

  it('deletes the selection, says how much, and shortens the timeline', () => {
    const state = run(fresh(), { type: 'delete' });
    expect(state.length).toBe(6_000);
    expect(state.ops).toEqual([{ kind: 'delete', start: 3_000, end: 6_000 }]);
    expect(state.status).toBe('Deleted 3.0s of audio');
    expect([state.start, state.end]).toEqual([2_000, 4_000]);
    expect(hasUnsavedEdits(state)).toBe(true);
  });

  it('refuses an empty selection and the whole recording', () => {
    const empty = run(fresh(), { type: 'marker', which: 'end', at: 3_000 });
    expect(deleteRefusal(empty)).toBe(SELECT_REGION_MESSAGE);
    expect(run(empty, { type: 'delete' }).ops).toEqual([]);
    const all = run(
      fresh(),
      { type: 'marker', which: 'start', at: 0 },
      { type: 'marker', which: 'end', at: 9_000 },
    );
    expect(deleteRefusal(all)).toBe(DELETE_ALL_MESSAGE);
    expect(run(all, { type: 'delete' }).length).toBe(9_000);
    // Dragged to 0:00.0 and 0:08.9 of 9.0 s: a tenth of a second left is nothing to hear.
    const nearlyAll = run(
      fresh(),
      { type: 'marker', which: 'start', at: 0 },
      { type: 'marker', which: 'end', at: 8_900 },
    );
    expect(deleteRefusal(nearlyAll)).toBe(DELETE_ALL_MESSAGE);
    expect(run(nearlyAll, { type: 'delete' }).length).toBe(9_000);
  });

  it('appends a take, or inserts it at the point Add Segment marked', () => {
    const appended = run(fresh(), { type: 'take-added', takeId: 't1', durationMs: 2_000 });
    expect(appended.length).toBe(11_000);
    expect(appended.status).toBe('Added 2.0s to the end');
    const marked = run(fresh(), { type: 'playhead', at: 1_500 }, { type: 'mark-insert' });
    expect(marked.insertAt).toBe(1_500);
    // Pressed again: the next take goes to the end after all.
    const unmarked = run(marked, { type: 'mark-insert' });
    expect(unmarked.insertAt).toBeNull();
    expect(run(unmarked, { type: 'take-added', takeId: 't1', durationMs: 2_000 }).ops).toEqual([
      { kind: 'append', takeId: 't1' },
    ]);
    const inserted = run(marked, { type: 'take-added', takeId: 't1', durationMs: 2_000 });
    expect(inserted.ops).toEqual([{ kind: 'insert', at: 1_500, takeId: 't1' }]);
    expect(inserted.segments.map((segment) => segment.source)).toEqual(['original', 't1', 'original']);
    expect(inserted.status).toBe('Inserted 2.0s of audio at 0:01.5');
    expect(inserted.insertAt).toBeNull();
  });

  it('appends instead when the insert no longer fits (spec §4)', () => {
    // A stale insertion point past the end (the reducer clears it on each edit; this guards the rest).
    const state = run(
      { ...fresh(), insertAt: 50_000 },
      { type: 'take-added', takeId: 't1', durationMs: 1_000 },
    );
    expect(state.ops).toEqual([{ kind: 'append', takeId: 't1' }]);
    expect(state.status).toBe('Added 1.0s to the end');
  });

  it('undoes and redoes every step, and a new step clears what could be redone', () => {
    const edited = run(fresh(), { type: 'delete' }, { type: 'take-added', takeId: 't1', durationMs: 500 });
    const undone = run(edited, { type: 'undo' }, { type: 'undo' });
    expect(undone.length).toBe(9_000);
    expect(hasUnsavedEdits(undone)).toBe(false);
    const redone = run(undone, { type: 'redo' });
    expect(redone.length).toBe(6_000);
    expect(run(redone, { type: 'delete' }).redo).toEqual([]);
    expect(run(fresh(), { type: 'undo' }).ops).toEqual([]);
  });

  it('zooms around the playhead and scrolls within the timeline', () => {
    const state = run(initialEditorState(60 * 60_000, new Map(), []), { type: 'playhead', at: 30 * 60_000 });
    const zoomed = run(state, { type: 'zoom', factor: 4 });
    expect(zoomed.viewSpan).toBe(15 * 60_000);
    expect(zoomed.viewStart).toBe(22.5 * 60_000);
    expect(run(zoomed, { type: 'scroll', viewStart: 99 * 60_000 }).viewStart).toBe(45 * 60_000);
    expect(run(zoomed, { type: 'zoom', factor: 1 / 100 }).viewSpan).toBe(60 * 60_000);
  });
});

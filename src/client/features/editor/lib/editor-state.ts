import {
  DELETE_ALL_MESSAGE,
  deletesEverything,
  EditListError,
  resolveEdits,
  timelineLength,
  type EditOperation,
  type EditSegment,
} from '@shared/domain/edit-list';
import { formatEditorTime } from './time';

/** Spec §4 Advanced editor: the editor's states. */
export type EditorMode = 'idle' | 'playing' | 'countdown' | 'recording' | 'processing';

/** Spec §9: the selection markers start at one third and two thirds of the clip. */
export const DEFAULT_MARKERS = [1 / 3, 2 / 3] as const;
/** The narrowest window zoom shows, in ms. */
export const MIN_VIEW_MS = 5_000;

/** Spec §5/§8 Editor: Delete Selected with no region chosen. */
export const SELECT_REGION_MESSAGE = 'Select a region to delete';
export { DELETE_ALL_MESSAGE };

export interface EditorState {
  originalMs: number;
  takeMs: ReadonlyMap<string, number>;
  /** Every step since the original, in order: what the server renders. Undo takes the last one off. */
  ops: readonly EditOperation[];
  /** Steps undone, the next to redo last. */
  redo: readonly EditOperation[];
  /** The list as the server last saved it, to tell unsaved edits. */
  savedOps: readonly EditOperation[];
  segments: readonly EditSegment[];
  length: number;
  /** Selection markers, ms on the timeline; start <= end always. */
  start: number;
  end: number;
  playhead: number;
  /** Add Segment's insertion point; null: the next take is appended. */
  insertAt: number | null;
  mode: EditorMode;
  /** The last status line (spec §4 status messages). */
  status: string;
  /** The visible window: its first ms and how many ms it spans (the whole timeline when not zoomed). */
  viewStart: number;
  viewSpan: number;
}

export type EditorAction =
  | { type: 'delete' }
  /** A take is on the server: inserted where Add Segment marked, else appended. */
  | { type: 'take-added'; takeId: string; durationMs: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved'; ops: readonly EditOperation[] }
  | { type: 'marker'; which: 'start' | 'end'; at: number }
  | { type: 'playhead'; at: number }
  | { type: 'mark-insert' }
  | { type: 'mode'; mode: EditorMode; status?: string }
  | { type: 'status'; status: string }
  | { type: 'zoom'; factor: number }
  | { type: 'scroll'; viewStart: number };

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** "2.3s": seconds with tenths, as the status messages give lengths. */
export const formatSeconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

function defaultMarkers(length: number) {
  return {
    start: Math.round(length * DEFAULT_MARKERS[0]),
    end: Math.round(length * DEFAULT_MARKERS[1]),
  };
}

/** The state for `ops` over these sources; throws EditListError if the list does not apply. */
export function initialEditorState(
  originalMs: number,
  takeMs: ReadonlyMap<string, number>,
  ops: readonly EditOperation[],
  savedOps: readonly EditOperation[] = ops,
): EditorState {
  const segments = resolveEdits(originalMs, takeMs, ops);
  const length = timelineLength(segments);
  return {
    originalMs,
    takeMs,
    ops,
    redo: [],
    savedOps,
    segments,
    length,
    ...defaultMarkers(length),
    playhead: 0,
    insertAt: null,
    mode: 'idle',
    status: '',
    viewStart: 0,
    viewSpan: length,
  };
}

/** The timeline after `ops`: markers kept where they still fit, else back to their defaults; the view fitted. */
function withOps(
  state: EditorState,
  ops: readonly EditOperation[],
  redo: readonly EditOperation[],
): EditorState {
  const segments = resolveEdits(state.originalMs, state.takeMs, ops);
  const length = timelineLength(segments);
  const markersFit = state.end <= length && state.start < state.end;
  const viewSpan = state.viewSpan >= state.length ? length : Math.min(state.viewSpan, length);
  return {
    ...state,
    ops,
    redo,
    segments,
    length,
    ...(markersFit ? { start: state.start, end: state.end } : defaultMarkers(length)),
    playhead: Math.min(state.playhead, length),
    insertAt: null,
    viewSpan,
    viewStart: clamp(state.viewStart, 0, length - viewSpan),
  };
}

/** Why Delete Selected cannot run now (spec §5), or null when it can. */
export function deleteRefusal(state: Pick<EditorState, 'start' | 'end' | 'length'>): string | null {
  if (!(state.end > state.start)) return SELECT_REGION_MESSAGE;
  // In the whole milliseconds the delete sends, so the editor and the server agree to the last one.
  if (deletesEverything(Math.round(state.start), Math.round(state.end), state.length))
    return DELETE_ALL_MESSAGE;
  return null;
}

export function hasUnsavedEdits(state: Pick<EditorState, 'ops' | 'savedOps'>): boolean {
  return JSON.stringify(state.ops) !== JSON.stringify(state.savedOps);
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'delete': {
      if (deleteRefusal(state)) return state;
      const start = Math.round(state.start);
      const end = Math.round(state.end);
      const next = withOps(state, [...state.ops, { kind: 'delete', start, end }], []);
      return {
        ...next,
        ...defaultMarkers(next.length),
        playhead: Math.min(start, next.length),
        status: `Deleted ${formatSeconds(end - start)} of audio`,
      };
    }
    case 'take-added': {
      const takeMs = new Map(state.takeMs).set(action.takeId, action.durationMs);
      const withTake = { ...state, takeMs };
      const append: EditOperation = { kind: 'append', takeId: action.takeId };
      const seconds = formatSeconds(action.durationMs);
      if (state.insertAt !== null) {
        const at = Math.round(state.insertAt);
        try {
          return {
            ...withOps(withTake, [...state.ops, { kind: 'insert', at, takeId: action.takeId }], []),
            playhead: at,
            mode: 'idle',
            status: `Inserted ${seconds} of audio at ${formatEditorTime(at)}`,
          };
        } catch (error) {
          // Spec §4: if an insert fails, the audio is appended instead.
          if (!(error instanceof EditListError)) throw error;
        }
      }
      const next = withOps(withTake, [...state.ops, append], []);
      return { ...next, mode: 'idle', status: `Added ${seconds} to the end` };
    }
    case 'undo': {
      const last = state.ops.at(-1);
      if (!last) return state;
      return { ...withOps(state, state.ops.slice(0, -1), [...state.redo, last]), status: 'Undone' };
    }
    case 'redo': {
      const next = state.redo.at(-1);
      if (!next) return state;
      return { ...withOps(state, [...state.ops, next], state.redo.slice(0, -1)), status: 'Redone' };
    }
    case 'saved':
      return { ...state, savedOps: action.ops };
    case 'marker': {
      const at = Math.round(clamp(action.at, 0, state.length));
      // Spec §4: the start marker cannot pass the end marker and vice versa.
      return action.which === 'start'
        ? { ...state, start: Math.min(at, state.end) }
        : { ...state, end: Math.max(at, state.start) };
    }
    case 'playhead': {
      const playhead = clamp(action.at, 0, state.length);
      // The view follows the playhead out of its window.
      const viewStart =
        playhead < state.viewStart || playhead > state.viewStart + state.viewSpan
          ? clamp(playhead - state.viewSpan / 2, 0, state.length - state.viewSpan)
          : state.viewStart;
      return { ...state, playhead, viewStart };
    }
    case 'mark-insert':
      // A second press takes the mark back.
      if (state.insertAt !== null)
        return { ...state, insertAt: null, status: 'Next recording goes at the end' };
      return {
        ...state,
        insertAt: state.playhead,
        status: `Next recording goes in at ${formatEditorTime(state.playhead)}`,
      };
    case 'mode':
      return { ...state, mode: action.mode, status: action.status ?? state.status };
    case 'status':
      return { ...state, status: action.status };
    case 'zoom': {
      const viewSpan = clamp(
        state.viewSpan / action.factor,
        Math.min(MIN_VIEW_MS, state.length),
        state.length,
      );
      const viewStart = clamp(state.playhead - viewSpan / 2, 0, state.length - viewSpan);
      return { ...state, viewSpan, viewStart };
    }
    case 'scroll':
      return { ...state, viewStart: clamp(action.viewStart, 0, state.length - state.viewSpan) };
  }
}

import type { EditorAction } from './editor-state';

/** Arrow keys move the playhead 1 s; with Shift, 10 s. */
export const KEY_STEP_MS = 1_000;
export const BIG_KEY_STEP_MS = 10_000;

/** An editor action, or Play/Pause. */
export type EditorCommand = { type: 'toggle-play' } | EditorAction;

interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/**
 * What a key press asks of the editor, or null. Undo and redo work from anywhere in it; the rest only where keys
 * have no meaning of their own (the waveform, the editor's background), never on a button or another slider.
 */
export function commandForKey(
  event: KeyInput,
  state: { playhead: number; length: number },
  onOwnControl: boolean,
): EditorCommand | null {
  const key = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && key === 'z') return { type: event.shiftKey ? 'redo' : 'undo' };
  if ((event.ctrlKey || event.metaKey) && key === 'y') return { type: 'redo' };
  if (!onOwnControl || event.ctrlKey || event.metaKey) return null;
  const step = event.shiftKey ? BIG_KEY_STEP_MS : KEY_STEP_MS;
  switch (event.key) {
    case ' ':
      return { type: 'toggle-play' };
    case 'ArrowLeft':
    case 'ArrowDown':
      return { type: 'playhead', at: state.playhead - step };
    case 'ArrowRight':
    case 'ArrowUp':
      return { type: 'playhead', at: state.playhead + step };
    case 'Home':
      return { type: 'playhead', at: 0 };
    case 'End':
      return { type: 'playhead', at: state.length };
    case '[':
      return { type: 'marker', which: 'start', at: state.playhead };
    case ']':
      return { type: 'marker', which: 'end', at: state.playhead };
    case 'Delete':
    case 'Backspace':
      return { type: 'delete' };
    default:
      return null;
  }
}

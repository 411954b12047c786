import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import type { EditorAction, EditorState } from '../lib/editor-state';
import { PlayheadClock } from '../lib/playhead-clock';
import { TimelinePlayer } from '../lib/timeline-player';

/**
 * Play/Pause and seeking over the edited timeline, played from the sources' own audio. While playing, the
 * playhead moves on `clock` (drawn from it without a render per frame); the state's playhead catches up when
 * playback stops, when the view must follow it out of its window, and before an action that reads it.
 */
export function useEditorPlayback(
  state: EditorState,
  dispatch: Dispatch<EditorAction>,
  audioUrls: ReadonlyMap<string, string>,
) {
  const [player] = useState(() => new TimelinePlayer());
  const [clock] = useState(() => new PlayheadClock());
  useEffect(() => player.setTimeline(state.segments, audioUrls), [player, state.segments, audioUrls]);
  useEffect(() => () => player.dispose(), [player]);

  /** The visible window, for the player's frames; null from asking to follow until the new one renders. */
  const view = useRef<{ start: number; end: number } | null>(null);
  useEffect(() => {
    view.current = { start: state.viewStart, end: state.viewStart + state.viewSpan };
  }, [state.viewStart, state.viewSpan]);

  const playFrom = (at: number) => {
    clock.set(at);
    player.play(at, {
      onPosition: (position) => {
        clock.set(position);
        const shown = view.current;
        if (shown && (position < shown.start || position > shown.end)) {
          view.current = null;
          dispatch({ type: 'playhead', at: position });
        }
      },
      onStopped: (position) => {
        clock.set(position);
        dispatch({ type: 'playhead', at: position });
        dispatch({ type: 'mode', mode: 'idle' });
      },
    });
  };

  /** Brings the state's playhead to where playback is, for an action that reads it (Add Segment, zoom). */
  const syncPlayhead = useCallback(() => {
    if (player.playing) dispatch({ type: 'playhead', at: clock.ms });
  }, [player, clock, dispatch]);

  const stopPlaying = useCallback(() => {
    syncPlayhead();
    player.pause();
    dispatch({ type: 'mode', mode: 'idle' });
  }, [player, dispatch, syncPlayhead]);

  /** Where the playhead is now: the clock while playing. */
  const playheadNow = () => (player.playing ? clock.ms : state.playhead);

  /** Moves the playhead; while playing, playback goes on from there (the player would otherwise pull it back). */
  const seek = (at: number) => {
    const target = Math.min(Math.max(at, 0), state.length);
    if (state.mode === 'playing') playFrom(target);
    dispatch({ type: 'playhead', at: target });
  };

  const togglePlay = () => {
    if (state.mode === 'playing') stopPlaying();
    else if (state.mode === 'idle') {
      dispatch({ type: 'mode', mode: 'playing' });
      playFrom(state.playhead);
    }
  };

  return { clock, playheadNow, syncPlayhead, stopPlaying, seek, togglePlay };
}

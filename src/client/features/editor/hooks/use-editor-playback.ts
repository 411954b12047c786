import { useCallback, useEffect, useState, type Dispatch } from 'react';
import type { EditorAction, EditorState } from '../lib/editor-state';
import { TimelinePlayer } from '../lib/timeline-player';

/** Play/Pause and seeking over the edited timeline, played from the sources' own audio. */
export function useEditorPlayback(
  state: EditorState,
  dispatch: Dispatch<EditorAction>,
  audioUrls: ReadonlyMap<string, string>,
) {
  const [player] = useState(() => new TimelinePlayer());
  useEffect(() => player.setTimeline(state.segments, audioUrls), [player, state.segments, audioUrls]);
  useEffect(() => () => player.dispose(), [player]);

  const playFrom = (at: number) =>
    player.play(at, {
      onPosition: (position) => dispatch({ type: 'playhead', at: position }),
      onStopped: (position) => {
        dispatch({ type: 'playhead', at: position });
        dispatch({ type: 'mode', mode: 'idle' });
      },
    });
  const stopPlaying = useCallback(() => {
    player.pause();
    dispatch({ type: 'mode', mode: 'idle' });
  }, [player, dispatch]);

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

  return { stopPlaying, seek, togglePlay };
}

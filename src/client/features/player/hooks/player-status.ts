export type PlayerStatus = 'loading' | 'ready' | 'playing' | 'paused' | 'ended' | 'error';

/** Spec §8 playback messages. */
export const PLAYBACK_MESSAGES = {
  iosWebm: 'Audio format not supported on iOS. Please use a different browser or device.',
  unsupportedOnDevice: 'Unable to play this audio format on your device.',
  unsupportedInBrowser: 'Your browser cannot play this audio format.',
  cannotPlay: 'Cannot play this recording. Try recording a new message.',
  gestureNeeded: 'Tap play to start listening.',
} as const;

export interface PlayerStatusState {
  status: PlayerStatus;
  /** Shown under the controls: an error, or a hint such as "tap play". */
  message: string | null;
  isBuffering: boolean;
}

/**
 * What moves the player's status: the listener's requests, the element's events, and the source fall-through.
 * `wantsToPlay` is whether the listener asked to play and has not paused since.
 */
export type PlayerEvent =
  | { type: 'reset'; preload: 'none' | 'metadata' }
  | { type: 'playRequested'; needsData: boolean }
  | { type: 'playRejected'; errorName: string }
  | { type: 'failed'; message: string }
  | { type: 'seeked' }
  | { type: 'metadataLoaded'; wantsToPlay: boolean }
  | { type: 'canPlay'; wantsToPlay: boolean }
  | { type: 'playing' }
  | { type: 'paused' }
  | { type: 'waiting' }
  | { type: 'ended' };

export function initialPlayerStatus(preload: 'none' | 'metadata'): PlayerStatusState {
  return { status: preload === 'none' ? 'ready' : 'loading', message: null, isBuffering: false };
}

export function playerStatusReducer(state: PlayerStatusState, event: PlayerEvent): PlayerStatusState {
  switch (event.type) {
    case 'reset':
      return { ...state, status: initialPlayerStatus(event.preload).status, message: null };
    case 'playRequested':
      return event.needsData
        ? { ...state, message: null, status: 'loading', isBuffering: true }
        : { ...state, message: null };
    case 'playRejected':
      if (event.errorName === 'NotAllowedError')
        return { status: 'paused', message: PLAYBACK_MESSAGES.gestureNeeded, isBuffering: false };
      // NotSupportedError: the element's own error event moves on to the next source.
      if (event.errorName === 'NotSupportedError') return { ...state, isBuffering: false };
      return { ...state, message: PLAYBACK_MESSAGES.cannotPlay, isBuffering: false };
    case 'failed':
      return { status: 'error', message: event.message, isBuffering: false };
    case 'seeked':
      return state.status === 'ended' ? { ...state, status: 'paused' } : state;
    case 'metadataLoaded':
      return state.status === 'loading' && !event.wantsToPlay ? { ...state, status: 'ready' } : state;
    case 'canPlay':
      return {
        ...state,
        isBuffering: false,
        status: state.status === 'loading' && !event.wantsToPlay ? 'ready' : state.status,
      };
    case 'playing':
      return { status: 'playing', message: null, isBuffering: false };
    case 'paused':
      return { ...state, isBuffering: false, status: state.status === 'error' ? 'error' : 'paused' };
    case 'waiting':
      return { ...state, isBuffering: true };
    case 'ended':
      return { ...state, status: 'ended', isBuffering: false };
  }
}

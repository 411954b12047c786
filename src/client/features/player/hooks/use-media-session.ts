import { useEffect } from 'react';

/** Spec §9: skip forward/back. */
export const SKIP_SECONDS = 10;

interface MediaSessionOptions {
  isPlaying: boolean;
  title: string;
  artist: string;
  artworkUrl?: string | null;
  duration: number;
  rate: number;
  currentTime: number;
  play: () => Promise<void>;
  pause: () => void;
  skip: (seconds: number) => void;
  seek: (seconds: number) => void;
  /** In a queue (the feed): the next (1) or previous (-1) player plays, if there is one. */
  playNeighbour?: ((step: 1 | -1) => void) | undefined;
}

/** The installable app's icons (public/icons), shown on the lock screen for posts without a picture. */
const APP_ARTWORK: MediaImage[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
];

/** Media Session: the lock screen, notification shade and headset buttons drive whichever player is playing. */
export function useMediaSession({
  isPlaying,
  title,
  artist,
  artworkUrl,
  duration,
  rate,
  currentTime,
  play,
  pause,
  skip,
  seek,
  playNeighbour,
}: MediaSessionOptions): void {
  useEffect(() => {
    if (!isPlaying || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    try {
      session.metadata = new MediaMetadata({
        title,
        artist,
        album: 'Earshot',
        artwork: (artworkUrl ? [{ src: artworkUrl }] : APP_ARTWORK).map((image) => ({
          ...image,
          src: new URL(image.src, location.href).href,
        })),
      });
    } catch {
      // Some browsers expose mediaSession without MediaMetadata.
    }
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void play()],
      ['pause', () => pause()],
      ['seekbackward', (details) => skip(-(details.seekOffset ?? SKIP_SECONDS))],
      ['seekforward', (details) => skip(details.seekOffset ?? SKIP_SECONDS)],
      ['seekto', (details) => details.seekTime !== undefined && seek(details.seekTime)],
    ];
    // Set or, for a player outside a queue, cleared: the handlers of the player that played before stay otherwise.
    const trackHandlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ['nexttrack', playNeighbour ? () => playNeighbour(1) : null],
      ['previoustrack', playNeighbour ? () => playNeighbour(-1) : null],
    ];
    for (const [action, handler] of [...handlers, ...trackHandlers]) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // Unsupported action in this browser.
      }
    }
    session.playbackState = 'playing';
    return () => {
      session.playbackState = 'paused';
    };
  }, [isPlaying, title, artist, artworkUrl, play, pause, skip, seek, playNeighbour]);

  useEffect(() => {
    if (!isPlaying || !('mediaSession' in navigator) || duration <= 0) return;
    try {
      navigator.mediaSession.setPositionState({
        duration,
        playbackRate: rate,
        position: Math.min(currentTime, duration),
      });
    } catch {
      // Ignore browsers without position state.
    }
  }, [isPlaying, duration, rate, Math.floor(currentTime)]); // eslint-disable-line react-hooks/exhaustive-deps
}

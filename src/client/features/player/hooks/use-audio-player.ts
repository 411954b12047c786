import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AudioSource } from '@shared/contract/posts';
import { formatDuration } from '@client/lib/format';
import { chooseSources, detectIOS } from '../lib/audio-sources';
import { playExclusively, registerAudioElement } from '../lib/audio-controller';
import {
  nextPlaybackRate,
  RESUME_MIN_DURATION_S,
  savedPosition,
  savePosition,
  usePlaybackPreferences,
} from '../lib/playback-preferences';

export type PlayerStatus = 'loading' | 'ready' | 'playing' | 'paused' | 'ended' | 'error';

/** Spec §8 playback messages. */
export const PLAYBACK_MESSAGES = {
  iosWebm: 'Audio format not supported on iOS. Please use a different browser or device.',
  unsupportedOnDevice: 'Unable to play this audio format on your device.',
  unsupportedInBrowser: 'Your browser cannot play this audio format.',
  cannotPlay: 'Cannot play this recording. Try recording a new message.',
  gestureNeeded: 'Tap play to start listening.',
} as const;

/** Spec §9: iOS gets 10 s to start loading before we call the format unplayable. */
const IOS_LOAD_TIMEOUT_MS = 10_000;
/** Spec §9: skip forward/back. */
export const SKIP_SECONDS = 10;
const RESUME_SAVE_EVERY_S = 5;
/** Within this much of the end, a pod counts as finished and starts over next time. */
const RESUME_END_MARGIN_S = 15;
const TIME_STEP_S = 0.1;
const RESUME_NOTE_MS = 8000;

export interface AudioPlayerOptions {
  /** Keys the remembered position of long pods. */
  id: string;
  audioUrl: string;
  audioSources: readonly AudioSource[];
  /** Seconds, measured by the server; WebM files often report no duration of their own. */
  duration: number;
  title: string;
  artist: string;
  artworkUrl?: string | null;
  preload?: 'none' | 'metadata';
}

export interface AudioPlayer {
  /** Pass as the `ref` of the player's <audio> element. */
  attachAudio: (element: HTMLAudioElement | null) => void;
  src: string | undefined;
  status: PlayerStatus;
  /** Shown under the controls: an error, or a hint such as "tap play". */
  message: string | null;
  isPlaying: boolean;
  isBuffering: boolean;
  canPlay: boolean;
  currentTime: number;
  duration: number;
  /** The exact position, for animation frames. */
  getCurrentTime: () => number;
  toggle: () => void;
  play: () => Promise<void>;
  pause: () => void;
  seek: (seconds: number) => void;
  skip: (seconds: number) => void;
  rate: number;
  cycleRate: () => void;
  volume: number;
  setVolume: (volume: number) => void;
  /** Set when a long pod picked up where the listener left off. */
  resumedAt: number | null;
}

function errorName(error: unknown): string {
  return error instanceof DOMException || error instanceof Error ? error.name : '';
}

export function useAudioPlayer(options: AudioPlayerOptions): AudioPlayer {
  const { id, audioUrl, audioSources, title, artist, artworkUrl, preload = 'metadata' } = options;
  const { rate, volume, setRate, setVolume } = usePlaybackPreferences();

  const choice = useMemo(() => {
    const isIOS = typeof navigator !== 'undefined' && detectIOS(navigator);
    const probe = typeof document !== 'undefined' ? document.createElement('audio') : null;
    return chooseSources(audioSources, audioUrl, {
      isIOS,
      canPlayType: (type) => probe?.canPlayType(type) ?? 'maybe',
    });
  }, [audioSources, audioUrl]);
  const candidatesKey = choice.candidates.map((source) => source.url).join('|');

  // The element lives in a ref (it is mutated: time, rate, volume); the state only tells effects it changed.
  const elementRef = useRef<HTMLAudioElement | null>(null);
  const [element, setElement] = useState<HTMLAudioElement | null>(null);
  const [sourceIndex, setSourceIndex] = useState(0);
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const [status, setStatus] = useState<PlayerStatus>(preload === 'none' ? 'ready' : 'loading');
  const [message, setMessage] = useState<string | null>(null);
  const [isBuffering, setBuffering] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(0);
  const [resumedAt, setResumedAt] = useState<number | null>(null);

  const wantsToPlay = useRef(false);
  const pendingSeek = useRef<number | null>(null);
  /** The sources (by key) whose download fallback was tried, and whose resume position was applied. */
  const triedBlobFor = useRef<string | null>(null);
  const resumeCheckedFor = useRef<string | null>(null);
  const lastSaved = useRef(0);

  const duration = options.duration > 0 ? options.duration : mediaDuration;
  const durationRef = useRef(duration);
  useEffect(() => {
    durationRef.current = duration;
  }, [duration]);

  // A new post (or new sources, once the server's rendition is ready) starts over.
  const [trackedKey, setTrackedKey] = useState(candidatesKey);
  if (trackedKey !== candidatesKey) {
    setTrackedKey(candidatesKey);
    setSourceIndex(0);
    setBlobUrl(null);
    setMessage(null);
    setStatus(preload === 'none' ? 'ready' : 'loading');
  }

  // Spec §8: no playable source is an error, said as the platform's message; a blank source just disables play.
  const noSource = choice.candidates.length === 0;
  const blank = !(audioSources.some((source) => source.url.trim()) || audioUrl.trim());
  const effectiveStatus: PlayerStatus = noSource ? 'error' : status;
  const effectiveMessage = noSource
    ? blank
      ? null
      : choice.fallbackMode
        ? PLAYBACK_MESSAGES.iosWebm
        : PLAYBACK_MESSAGES.unsupportedInBrowser
    : message;
  const src = blobUrl ?? choice.candidates[sourceIndex]?.url;
  const canPlay = effectiveStatus !== 'error';

  useEffect(
    () => () => {
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    },
    [blobUrl],
  );

  const attachAudio = useCallback((node: HTMLAudioElement | null) => {
    elementRef.current = node;
    setElement(node);
  }, []);

  useEffect(() => {
    if (!element) return;
    return registerAudioElement(element);
  }, [element]);

  useEffect(() => {
    const audio = elementRef.current;
    if (!audio) return;
    audio.playbackRate = rate;
    audio.defaultPlaybackRate = rate;
  }, [element, rate, src]);

  useEffect(() => {
    const audio = elementRef.current;
    if (audio) audio.volume = volume;
  }, [element, volume]);

  const getCurrentTime = useCallback(() => {
    if (pendingSeek.current !== null) return pendingSeek.current;
    return elementRef.current?.currentTime ?? 0;
  }, []);

  const rememberPosition = useCallback(
    (seconds: number, force = false) => {
      const total = durationRef.current;
      if (total <= RESUME_MIN_DURATION_S) return;
      if (!force && Math.abs(seconds - lastSaved.current) < RESUME_SAVE_EVERY_S) return;
      lastSaved.current = seconds;
      savePosition(id, seconds > 1 && seconds < total - RESUME_END_MARGIN_S ? seconds : null);
    },
    [id],
  );

  const failWith = useCallback((text: string) => {
    wantsToPlay.current = false;
    setStatus('error');
    setBuffering(false);
    setMessage(text);
  }, []);

  /** Spec §8: after every source failed, the recording is downloaded whole and played from memory. */
  const tryBlobFallback = useCallback(
    async (url: string | undefined, finalMessage: string) => {
      if (!url || triedBlobFor.current === candidatesKey) return failWith(finalMessage);
      triedBlobFor.current = candidatesKey;
      try {
        const response = await fetch(url, { credentials: 'include' });
        if (!response.ok) throw new Error(String(response.status));
        setBlobUrl(URL.createObjectURL(await response.blob()));
      } catch {
        failWith(finalMessage);
      }
    },
    [failWith, candidatesKey],
  );

  const play = useCallback(async () => {
    const audio = elementRef.current;
    if (!audio || noSource) return;
    wantsToPlay.current = true;
    setMessage(null);
    if (resumeCheckedFor.current !== id) {
      resumeCheckedFor.current = id;
      const saved = durationRef.current > RESUME_MIN_DURATION_S ? savedPosition(id) : null;
      if (saved !== null && saved < durationRef.current - RESUME_END_MARGIN_S && audio.currentTime < 1) {
        pendingSeek.current = saved;
        setCurrentTime(saved);
        setResumedAt(saved);
      }
    }
    if (audio.readyState >= HTMLMediaElement.HAVE_METADATA && pendingSeek.current !== null) {
      audio.currentTime = pendingSeek.current;
      pendingSeek.current = null;
    }
    if (audio.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) {
      setStatus('loading');
      setBuffering(true);
    }
    try {
      await playExclusively(audio);
    } catch (error) {
      const name = errorName(error);
      if (name === 'AbortError') return;
      wantsToPlay.current = false;
      setBuffering(false);
      if (name === 'NotAllowedError') {
        setStatus('paused');
        setMessage(PLAYBACK_MESSAGES.gestureNeeded);
        return;
      }
      // NotSupportedError: the element's own error event moves on to the next source.
      if (name !== 'NotSupportedError') setMessage(PLAYBACK_MESSAGES.cannotPlay);
    }
  }, [noSource, id]);

  const pause = useCallback(() => {
    wantsToPlay.current = false;
    elementRef.current?.pause();
  }, []);

  const toggle = useCallback(() => {
    const audio = elementRef.current;
    if (!audio) return;
    if (audio.paused) void play();
    else pause();
  }, [play, pause]);

  const seek = useCallback(
    (seconds: number) => {
      const audio = elementRef.current;
      const total = durationRef.current;
      if (!audio || total <= 0) return;
      const target = Math.min(Math.max(seconds, 0), total);
      setCurrentTime(target);
      setStatus((previous) => (previous === 'ended' ? 'paused' : previous));
      if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) {
        audio.currentTime = target;
        pendingSeek.current = null;
      } else {
        // Loaded lazily (preload none): applied once the metadata is in.
        pendingSeek.current = target;
        if (audio.preload === 'none') audio.preload = 'metadata';
      }
      resumeCheckedFor.current = id;
      rememberPosition(target, true);
    },
    [id, rememberPosition],
  );

  const skip = useCallback((delta: number) => seek(getCurrentTime() + delta), [seek, getCurrentTime]);

  // Element events.
  useEffect(() => {
    const audio = elementRef.current;
    if (!audio) return;
    let iosTimer: ReturnType<typeof setTimeout> | undefined;
    const clearIosTimer = () => clearTimeout(iosTimer);

    const onLoadedMetadata = () => {
      if (Number.isFinite(audio.duration) && audio.duration > 0) setMediaDuration(audio.duration);
      if (pendingSeek.current !== null) {
        audio.currentTime = pendingSeek.current;
        pendingSeek.current = null;
      }
      setStatus((previous) => (previous === 'loading' && !wantsToPlay.current ? 'ready' : previous));
    };
    const onCanPlay = () => {
      clearIosTimer();
      setBuffering(false);
      setStatus((previous) =>
        previous === 'loading' ? (wantsToPlay.current ? 'loading' : 'ready') : previous,
      );
      if (wantsToPlay.current && audio.paused) void playExclusively(audio).catch(() => undefined);
    };
    const onPlaying = () => {
      clearIosTimer();
      setBuffering(false);
      setStatus('playing');
      setMessage(null);
    };
    const onPause = () => {
      if (audio.ended) return;
      wantsToPlay.current = false;
      setBuffering(false);
      setStatus((previous) => (previous === 'error' ? previous : 'paused'));
      rememberPosition(audio.currentTime, true);
    };
    const onWaiting = () => setBuffering(true);
    const onTime = () => {
      if (pendingSeek.current === null) setCurrentTime(audio.currentTime);
    };
    const onEnded = () => {
      // Spec §4: ended resets to the start.
      wantsToPlay.current = false;
      audio.currentTime = 0;
      setCurrentTime(0);
      setStatus('ended');
      setBuffering(false);
      savePosition(id, null);
    };
    const onError = () => {
      clearIosTimer();
      const code = audio.error?.code;
      if (code === MediaError.MEDIA_ERR_ABORTED) return;
      if (!blobUrl && sourceIndex < choice.candidates.length - 1) {
        setSourceIndex((index) => index + 1);
        return;
      }
      const finalMessage =
        code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED
          ? PLAYBACK_MESSAGES.unsupportedInBrowser
          : code === MediaError.MEDIA_ERR_DECODE
            ? PLAYBACK_MESSAGES.unsupportedOnDevice
            : PLAYBACK_MESSAGES.cannotPlay;
      if (blobUrl) return failWith(finalMessage);
      void tryBlobFallback(choice.candidates[0]?.url, finalMessage);
    };
    const onLoadStart = () => {
      if (!wantsToPlay.current || !detectIOS(navigator)) return;
      clearIosTimer();
      iosTimer = setTimeout(() => {
        if (audio.readyState < HTMLMediaElement.HAVE_FUTURE_DATA)
          failWith(PLAYBACK_MESSAGES.unsupportedOnDevice);
      }, IOS_LOAD_TIMEOUT_MS);
    };

    const listeners: [string, () => void][] = [
      ['loadedmetadata', onLoadedMetadata],
      ['durationchange', onLoadedMetadata],
      ['canplay', onCanPlay],
      ['playing', onPlaying],
      ['pause', onPause],
      ['waiting', onWaiting],
      ['timeupdate', onTime],
      ['seeked', onTime],
      ['ended', onEnded],
      ['error', onError],
      ['loadstart', onLoadStart],
    ];
    for (const [name, listener] of listeners) audio.addEventListener(name, listener);
    return () => {
      clearIosTimer();
      for (const [name, listener] of listeners) audio.removeEventListener(name, listener);
    };
  }, [element, id, blobUrl, sourceIndex, choice.candidates, failWith, tryBlobFallback, rememberPosition]);

  // A new source after a failure (or the downloaded copy) carries on playing if that was asked for.
  useEffect(() => {
    const audio = elementRef.current;
    if (audio && src && wantsToPlay.current) {
      audio.load();
      void playExclusively(audio).catch(() => undefined);
    }
  }, [element, src]);

  const isPlaying = effectiveStatus === 'playing';

  // The "picked up where you left off" note fades after a few seconds.
  useEffect(() => {
    if (resumedAt === null) return;
    const timer = setTimeout(() => setResumedAt(null), RESUME_NOTE_MS);
    return () => clearTimeout(timer);
  }, [resumedAt]);

  // Smooth time while playing (the timeupdate event fires only about four times a second).
  useEffect(() => {
    const audio = elementRef.current;
    if (!isPlaying || !audio) return;
    let frame = 0;
    let shown = audio.currentTime;
    const tick = () => {
      const now = audio.currentTime;
      if (Math.abs(now - shown) >= TIME_STEP_S) {
        shown = now;
        setCurrentTime(now);
        rememberPosition(now);
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [isPlaying, element, rememberPosition]);

  // Media Session: the lock screen, notification shade and headset buttons drive whichever player is playing.
  useEffect(() => {
    if (!isPlaying || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    try {
      session.metadata = new MediaMetadata({
        title,
        artist,
        album: 'Earshot',
        artwork: artworkUrl ? [{ src: new URL(artworkUrl, location.href).href }] : [],
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
    for (const [action, handler] of handlers) {
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
  }, [isPlaying, title, artist, artworkUrl, play, pause, skip, seek]);

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

  return {
    attachAudio,
    src,
    status: effectiveStatus,
    message: effectiveMessage,
    isPlaying,
    isBuffering,
    canPlay,
    currentTime,
    duration,
    getCurrentTime,
    toggle,
    play,
    pause,
    seek,
    skip,
    rate,
    cycleRate: () => setRate(nextPlaybackRate(rate)),
    volume,
    setVolume,
    resumedAt,
  };
}

/** Spec §5 accessibility text for the seek slider: "1:05 of 3:20". */
export function positionText(currentTime: number, duration: number): string {
  return `${formatDuration(currentTime)} of ${formatDuration(duration)}`;
}

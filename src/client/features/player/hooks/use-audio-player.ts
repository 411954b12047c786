import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { AudioSource, SpeechRanges } from '@shared/contract/posts';
import { playExclusively, registerAudioElement } from '@client/lib/audio/audio-controller';
import { positionOf, seekElement } from '@client/lib/audio/element-seek';
import { nextPlaybackRate, usePlaybackPreferences } from '@client/lib/audio/playback-preferences';
import {
  continuousPlayOn,
  PLAY_REQUEST_EVENT,
  queueNeighbour,
  requestPlay,
} from '@client/lib/audio/play-queue';
import { useSilenceSkipping } from '@client/lib/audio/use-silence-skipping';
import { initialPlayerStatus, playerStatusReducer, type PlayerStatus } from './player-status';
import { useListenReport } from './use-listen-report';
import { useMediaSession } from './use-media-session';
import { useResumePosition } from './use-resume-position';
import { useSourceFallback } from './use-source-fallback';

const TIME_STEP_S = 0.1;

export interface AudioPlayerOptions {
  /** Keys the remembered position of long pods. */
  id: string;
  audioUrl: string;
  audioSources: readonly AudioSource[];
  /** Seconds, measured by the server; WebM files often report no duration of their own. */
  duration: number;
  /** Where the speech is, for skipping silence; null when not measured (nothing is skipped). */
  speech?: SpeechRanges;
  title: string;
  artist: string;
  artworkUrl?: string | null;
  preload?: 'none' | 'metadata';
  /** Report listens of this post for its stats (a published post; not a comment or a voice bio). */
  countListens?: boolean;
  /** Seconds a link to a moment asked for (`?t=`): the player goes there and starts, once. */
  startAt?: number | null;
  /**
   * A signed-in listener of a published post: where they stop is kept on the server (issue 29), which last said
   * to resume at `resumeAt` (null: from the start).
   */
  positionOnServer?: { resumeAt: number | null };
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
  /** Pauses longer than half a second are jumped over (every player shares the choice). */
  skipSilence: boolean;
  toggleSkipSilence: () => void;
  /** Seconds of this recording's silence skipped so far. */
  skippedSilence: number;
  /** Set when the player picked up where the listener left off. */
  resumedAt: number | null;
  /** Before the first play: where pressing play will pick up. */
  resumeOffer: number | null;
  /** Where a link to a moment put the player, until the listener moves elsewhere or it ends. */
  linkedAt: number | null;
}

function errorName(error: unknown): string {
  return error instanceof DOMException || error instanceof Error ? error.name : '';
}

/**
 * One post's player: its status machine (player-status), the sources it falls through, the remembered position
 * of long pods and the lock screen's controls, around the page's <audio> element.
 */
export function useAudioPlayer(options: AudioPlayerOptions): AudioPlayer {
  const {
    id,
    audioUrl,
    audioSources,
    title,
    artist,
    artworkUrl,
    preload = 'metadata',
    countListens = false,
    startAt = null,
    positionOnServer,
  } = options;
  const { rate, volume, skipSilence, setRate, setVolume, setSkipSilence } = usePlaybackPreferences();

  // The element lives in a ref (it is mutated: time, rate, volume); the state only tells effects it changed.
  const elementRef = useRef<HTMLAudioElement | null>(null);
  const [element, setElement] = useState<HTMLAudioElement | null>(null);
  const [state, dispatch] = useReducer(playerStatusReducer, preload, initialPlayerStatus);
  const [currentTime, setCurrentTime] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(0);

  const wantsToPlay = useRef(false);
  const pendingSeek = useRef<number | null>(null);

  const duration = options.duration > 0 ? options.duration : mediaDuration;
  const durationRef = useRef(duration);
  useEffect(() => {
    durationRef.current = duration;
  }, [duration]);

  const attachAudio = useCallback((node: HTMLAudioElement | null) => {
    elementRef.current = node;
    setElement(node);
  }, []);

  useEffect(() => {
    if (!element) return;
    return registerAudioElement(element);
  }, [element]);
  useListenReport(element, countListens ? id : null);
  const skippedSilence = useSilenceSkipping(element, {
    key: id,
    speech: options.speech ?? null,
    duration: options.duration,
  });

  const failWith = useCallback((message: string) => {
    wantsToPlay.current = false;
    dispatch({ type: 'failed', message });
  }, []);

  const sources = useSourceFallback({ element, audioUrl, audioSources, wantsToPlay, onFail: failWith });
  const { src, noSource } = sources;
  const resume = useResumePosition(
    id,
    durationRef,
    positionOnServer !== undefined,
    positionOnServer?.resumeAt ?? null,
  );
  const { remember: rememberPosition, takeResumePoint, skipResume, forget: forgetPosition } = resume;

  // A new post (or new sources, once the server's rendition is ready) starts over.
  const [trackedKey, setTrackedKey] = useState(sources.candidatesKey);
  if (trackedKey !== sources.candidatesKey) {
    setTrackedKey(sources.candidatesKey);
    dispatch({ type: 'reset', preload });
  }

  // Spec §8: no playable source is an error, said as the platform's message; a blank source just disables play.
  const status: PlayerStatus = noSource ? 'error' : state.status;
  const message = noSource ? sources.unplayableMessage : state.message;
  const canPlay = status !== 'error';
  const isPlaying = status === 'playing';

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
    return elementRef.current ? positionOf(elementRef.current) : 0;
  }, []);

  const play = useCallback(async () => {
    const audio = elementRef.current;
    if (!audio || noSource) return;
    wantsToPlay.current = true;
    const resumeAt = takeResumePoint(getCurrentTime());
    if (resumeAt !== null) {
      pendingSeek.current = resumeAt;
      setCurrentTime(resumeAt);
    }
    if (audio.readyState >= HTMLMediaElement.HAVE_METADATA && pendingSeek.current !== null) {
      seekElement(audio, pendingSeek.current);
      pendingSeek.current = null;
    }
    dispatch({ type: 'playRequested', needsData: audio.readyState < HTMLMediaElement.HAVE_FUTURE_DATA });
    try {
      await playExclusively(audio);
    } catch (error) {
      const name = errorName(error);
      if (name === 'AbortError') return;
      wantsToPlay.current = false;
      dispatch({ type: 'playRejected', errorName: name });
    }
  }, [noSource, takeResumePoint, getCurrentTime]);

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

  const seekTo = useCallback(
    (seconds: number) => {
      const audio = elementRef.current;
      const total = durationRef.current;
      if (!audio || total <= 0) return;
      const target = Math.min(Math.max(seconds, 0), total);
      setCurrentTime(target);
      dispatch({ type: 'seeked' });
      if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) {
        seekElement(audio, target);
        pendingSeek.current = null;
      } else {
        // Loaded lazily (preload none): applied once the metadata is in.
        pendingSeek.current = target;
        if (audio.preload === 'none') audio.preload = 'metadata';
      }
      skipResume();
      rememberPosition(target, 'settled');
    },
    [skipResume, rememberPosition],
  );

  const [linkedAt, setLinkedAt] = useState<number | null>(null);
  const seek = useCallback(
    (seconds: number) => {
      setLinkedAt(null);
      seekTo(seconds);
    },
    [seekTo],
  );
  const skip = useCallback((delta: number) => seek(getCurrentTime() + delta), [seek, getCurrentTime]);

  // A link to a moment: there, and playing if the browser lets a page start audio by itself (else one press).
  const linkApplied = useRef(false);
  useEffect(() => {
    if (startAt === null || linkApplied.current || !element || noSource || durationRef.current <= 0) return;
    linkApplied.current = true;
    setLinkedAt(startAt);
    seekTo(startAt);
    void play();
  }, [startAt, element, noSource, duration, seekTo, play]);

  // Element events (a failing source is useSourceFallback's).
  useEffect(() => {
    const audio = elementRef.current;
    if (!audio) return;

    const onLoadedMetadata = () => {
      if (Number.isFinite(audio.duration) && audio.duration > 0) setMediaDuration(audio.duration);
      if (pendingSeek.current !== null) {
        seekElement(audio, pendingSeek.current);
        pendingSeek.current = null;
      }
      dispatch({ type: 'metadataLoaded', wantsToPlay: wantsToPlay.current });
    };
    const onCanPlay = () => {
      dispatch({ type: 'canPlay', wantsToPlay: wantsToPlay.current });
      if (wantsToPlay.current && audio.paused) void playExclusively(audio).catch(() => undefined);
    };
    const onPlaying = () => dispatch({ type: 'playing' });
    const onPause = () => {
      if (audio.ended) return;
      wantsToPlay.current = false;
      dispatch({ type: 'paused' });
      // Where the listener is: a seek made before the metadata arrived is not in the element yet.
      rememberPosition(getCurrentTime(), 'now');
    };
    const onWaiting = () => dispatch({ type: 'waiting' });
    const onTime = () => {
      if (pendingSeek.current === null) setCurrentTime(positionOf(audio));
    };
    const onEnded = () => {
      // Spec §4: ended resets to the start.
      wantsToPlay.current = false;
      seekElement(audio, 0);
      setCurrentTime(0);
      setLinkedAt(null);
      dispatch({ type: 'ended' });
      forgetPosition();
      const next = continuousPlayOn() ? queueNeighbour(audio, 1) : null;
      if (next) requestPlay(next);
    };
    const onPlayRequest = () => void play();

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
      [PLAY_REQUEST_EVENT, onPlayRequest],
    ];
    for (const [name, listener] of listeners) audio.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of listeners) audio.removeEventListener(name, listener);
    };
  }, [element, rememberPosition, forgetPosition, play, getCurrentTime]);

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

  // The lock screen's and headphones' next and previous track: the neighbouring players of a queue (the feed).
  const playNeighbour = useCallback((step: 1 | -1) => {
    const audio = elementRef.current;
    const neighbour = audio && queueNeighbour(audio, step);
    if (neighbour) requestPlay(neighbour);
  }, []);

  const queued = useMemo(() => element?.closest('[data-play-queue]') != null, [element]);
  useMediaSession({
    isPlaying,
    playNeighbour: queued ? playNeighbour : undefined,
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
  });

  return {
    attachAudio,
    src,
    status,
    message,
    isPlaying,
    isBuffering: state.isBuffering,
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
    skipSilence,
    toggleSkipSilence: () => setSkipSilence(!skipSilence),
    skippedSilence,
    resumedAt: resume.resumedAt,
    resumeOffer: resume.resumeOffer,
    linkedAt,
  };
}

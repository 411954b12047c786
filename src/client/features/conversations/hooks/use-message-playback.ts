import { useCallback, useEffect, useRef, useState } from 'react';
import type { AudioSource, SpeechRanges } from '@shared/contract/posts';
import { usePlaybackPreferences } from '@client/lib/audio/playback-preferences';
import { useSilenceSkipping } from '@client/lib/audio/use-silence-skipping';

/** Spec §4/§9 Play-all: the next message starts 500 ms after one ends. */
export const PLAY_ALL_GAP_MS = 500;

export interface PlayableMessage {
  id: string;
  audioUrl: string;
  audioSources: AudioSource[];
  /** Seconds, and where the speech is, for skipping silence (nothing is skipped without them). */
  duration?: number;
  speech?: SpeechRanges;
}

/** The sources to try, best first: what the server lists and this browser may play, then the original. */
function sourcesOf(message: PlayableMessage, audio: HTMLAudioElement): string[] {
  const listed = message.audioSources
    .filter((source) => !source.mimeType || audio.canPlayType(source.mimeType) !== '')
    .map((source) => source.url);
  return [...new Set([...listed, message.audioUrl].filter(Boolean))];
}

interface PlaybackOptions {
  /** Where play-all starts: the first message not yet played, else the first. */
  isPlayed: (id: string) => boolean;
  /** A message was heard to its end. */
  onPlayed: (id: string) => void;
  /** The browser refused to start a message without the person's own gesture (autoplay blocked). */
  onRefused?: (id: string) => void;
}

/**
 * One <audio> for a conversation's messages: play or pause any one, or play all of them in order with a 500 ms
 * gap, stopping after the last (spec §4 Play-all). Messages play at the speed every player shares. Like the other
 * players, one sound at a time: starting here pauses other audio on the page, and other audio starting pauses this.
 */
export function useMessagePlayback(
  messages: readonly PlayableMessage[],
  { isPlayed, onPlayed, onRefused }: PlaybackOptions,
) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [element, setElement] = useState<HTMLAudioElement | null>(null);
  const attachAudio = useCallback((node: HTMLAudioElement | null) => {
    audioRef.current = node;
    setElement(node);
  }, []);
  const { rate } = usePlaybackPreferences();
  const [currentId, setCurrentId] = useState<string | null>(null);
  const current = messages.find((message) => message.id === currentId);
  const skippedSilence = useSilenceSkipping(element, {
    key: currentId,
    speech: current?.speech ?? null,
    duration: current?.duration ?? 0,
  });
  const [playing, setPlaying] = useState(false);
  const [playingAll, setPlayingAll] = useState(false);
  const [position, setPosition] = useState(0);
  const gapTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The sources of the current message not yet tried. */
  const fallbacks = useRef<string[]>([]);
  const latest = useRef({ messages, playingAll, currentId, rate, isPlayed, onPlayed, onRefused });
  useEffect(() => {
    latest.current = { messages, playingAll, currentId, rate, isPlayed, onPlayed, onRefused };
  });

  const clearGap = () => {
    clearTimeout(gapTimer.current);
    gapTimer.current = undefined;
  };

  const playSource = useCallback((audio: HTMLAudioElement, url: string, id: string) => {
    audio.src = url;
    audio.playbackRate = latest.current.rate;
    for (const other of document.querySelectorAll('audio')) if (other !== audio) other.pause();
    void Promise.resolve(audio.play()).catch((error: unknown) => {
      // A newer choice replaced this one before it began.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setPlaying(false);
      setPlayingAll(false);
      if (error instanceof DOMException && error.name === 'NotAllowedError') latest.current.onRefused?.(id);
    });
  }, []);

  const start = useCallback(
    (id: string) => {
      const audio = audioRef.current;
      const message = latest.current.messages.find((item) => item.id === id);
      if (!audio || !message) return;
      clearGap();
      const [first, ...rest] = sourcesOf(message, audio);
      if (!first) return;
      fallbacks.current = rest;
      setCurrentId(id);
      setPosition(0);
      playSource(audio, first, id);
    },
    [playSource],
  );

  /** Play or pause one message; any choice of the listener's ends play-all. */
  const toggle = useCallback(
    (id: string) => {
      const audio = audioRef.current;
      if (!audio) return;
      clearGap();
      setPlayingAll(false);
      if (id === latest.current.currentId && !audio.ended) {
        if (audio.paused) {
          for (const other of document.querySelectorAll('audio')) if (other !== audio) other.pause();
          void Promise.resolve(audio.play()).catch(() => setPlaying(false));
        } else audio.pause();
        return;
      }
      start(id);
    },
    [start],
  );

  const playAll = useCallback(() => {
    const { messages: list, isPlayed: played } = latest.current;
    const first = list.find((message) => !played(message.id)) ?? list[0];
    if (!first) return;
    setPlayingAll(true);
    start(first.id);
  }, [start]);

  const stopAll = useCallback(() => {
    clearGap();
    setPlayingAll(false);
    audioRef.current?.pause();
  }, []);

  const onEnded = useCallback(() => {
    const { messages: list, currentId: id, playingAll: all, onPlayed: played } = latest.current;
    setPlaying(false);
    if (!id) return;
    played(id);
    const index = list.findIndex((message) => message.id === id);
    const next = all && index >= 0 ? list[index + 1] : undefined;
    if (!next) {
      setPlayingAll(false);
      setCurrentId(null);
      setPosition(0);
      return;
    }
    gapTimer.current = setTimeout(() => {
      gapTimer.current = undefined;
      start(next.id);
    }, PLAY_ALL_GAP_MS);
  }, [start]);

  // Other audio on the page starting pauses this (and ends play-all).
  useEffect(() => {
    const onOtherPlay = (event: Event) => {
      const audio = audioRef.current;
      if (!audio || event.target === audio || !(event.target instanceof HTMLMediaElement)) return;
      clearGap();
      setPlayingAll(false);
      audio.pause();
    };
    document.addEventListener('play', onOtherPlay, true);
    return () => {
      document.removeEventListener('play', onOtherPlay, true);
      clearGap();
    };
  }, []);

  // A change of the shared speed reaches the message playing now.
  useEffect(() => {
    if (audioRef.current) audioRef.current.playbackRate = rate;
  }, [rate]);

  const audioProps = {
    ref: attachAudio,
    preload: 'none' as const,
    onPlay: () => setPlaying(true),
    onPause: () => {
      const audio = audioRef.current;
      setPlaying(false);
      // Paused by the lock screen or a headset rather than by reaching the end: play-all stops too.
      if (audio && !audio.ended) setPlayingAll(false);
    },
    onTimeUpdate: () => setPosition(audioRef.current?.currentTime ?? 0),
    onEnded,
    onError: () => {
      const audio = audioRef.current;
      const next = fallbacks.current.shift();
      const id = latest.current.currentId;
      if (audio && next && id) playSource(audio, next, id);
      else {
        setPlaying(false);
        setPlayingAll(false);
      }
    },
  };

  return { audioProps, currentId, playing, playingAll, position, toggle, playAll, stopAll, skippedSilence };
}

export type MessagePlayback = ReturnType<typeof useMessagePlayback>;

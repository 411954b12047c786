import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { AudioSource } from '@shared/contract/posts';
import { chooseSources, detectIOS } from '../lib/audio-sources';
import { playExclusively } from '@client/lib/audio/audio-controller';
import { PLAYBACK_MESSAGES } from './player-status';

/** Spec §9: iOS gets 10 s to start loading before we call the format unplayable. */
const IOS_LOAD_TIMEOUT_MS = 10_000;

interface SourceFallbackOptions {
  element: HTMLAudioElement | null;
  audioUrl: string;
  audioSources: readonly AudioSource[];
  /** Whether the listener asked to play: a new source then carries on, and only then does iOS get a deadline. */
  wantsToPlay: RefObject<boolean>;
  /** Every way of playing this recording failed; the message says why. */
  onFail: (message: string) => void;
}

export interface SourceFallback {
  src: string | undefined;
  /** Changes when the post (or its list of sources) does: the player starts over. */
  candidatesKey: string;
  /** No source this browser can play; `unplayableMessage` says why (null when the post has no audio at all). */
  noSource: boolean;
  unplayableMessage: string | null;
}

function finalMessage(code: number | undefined): string {
  if (code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED) return PLAYBACK_MESSAGES.unsupportedInBrowser;
  if (code === MediaError.MEDIA_ERR_DECODE) return PLAYBACK_MESSAGES.unsupportedOnDevice;
  return PLAYBACK_MESSAGES.cannotPlay;
}

/**
 * Spec §8 source choice: the post's sources this browser may play, tried in order as each fails; after the last,
 * the recording is downloaded whole and played from memory; on iOS a source that has not loaded in time fails.
 */
export function useSourceFallback({
  element,
  audioUrl,
  audioSources,
  wantsToPlay,
  onFail,
}: SourceFallbackOptions): SourceFallback {
  const choice = useMemo(() => {
    const isIOS = typeof navigator !== 'undefined' && detectIOS(navigator);
    const probe = typeof document !== 'undefined' ? document.createElement('audio') : null;
    return chooseSources(audioSources, audioUrl, {
      isIOS,
      canPlayType: (type) => probe?.canPlayType(type) ?? 'maybe',
    });
  }, [audioSources, audioUrl]);
  const candidatesKey = choice.candidates.map((source) => source.url).join('|');

  // Which source is playing, for which list: a new list (a new post, or the server's rendition now ready) starts
  // over at its first source.
  const [position, setPosition] = useState({ key: candidatesKey, index: 0, blobUrl: null as string | null });
  const current = position.key === candidatesKey ? position : { index: 0, blobUrl: null };
  const { index: sourceIndex, blobUrl } = current;
  /** The list (by key) whose download fallback was tried. */
  const triedBlobFor = useRef<string | null>(null);

  const noSource = choice.candidates.length === 0;
  const blank = !(audioSources.some((source) => source.url.trim()) || audioUrl.trim());
  const unplayableMessage =
    !noSource || blank
      ? null
      : choice.fallbackMode
        ? PLAYBACK_MESSAGES.iosWebm
        : PLAYBACK_MESSAGES.unsupportedInBrowser;
  const src = blobUrl ?? choice.candidates[sourceIndex]?.url;

  useEffect(
    () => () => {
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    },
    [blobUrl],
  );

  const tryBlobFallback = useCallback(
    async (url: string | undefined, message: string) => {
      if (!url || triedBlobFor.current === candidatesKey) return onFail(message);
      triedBlobFor.current = candidatesKey;
      try {
        const response = await fetch(url, { credentials: 'include' });
        if (!response.ok) throw new Error(String(response.status));
        const downloaded = URL.createObjectURL(await response.blob());
        setPosition({ key: candidatesKey, index: sourceIndex, blobUrl: downloaded });
      } catch {
        onFail(message);
      }
    },
    [onFail, candidatesKey, sourceIndex],
  );

  useEffect(() => {
    const audio = element;
    if (!audio) return;
    let iosTimer: ReturnType<typeof setTimeout> | undefined;
    const clearIosTimer = () => clearTimeout(iosTimer);

    const onError = () => {
      clearIosTimer();
      const code = audio.error?.code;
      if (code === MediaError.MEDIA_ERR_ABORTED) return;
      if (!blobUrl && sourceIndex < choice.candidates.length - 1) {
        setPosition({ key: candidatesKey, index: sourceIndex + 1, blobUrl: null });
        return;
      }
      if (blobUrl) return onFail(finalMessage(code));
      void tryBlobFallback(choice.candidates[0]?.url, finalMessage(code));
    };
    const onLoadStart = () => {
      if (!wantsToPlay.current || !detectIOS(navigator)) return;
      clearIosTimer();
      iosTimer = setTimeout(() => {
        if (audio.readyState < HTMLMediaElement.HAVE_FUTURE_DATA)
          onFail(PLAYBACK_MESSAGES.unsupportedOnDevice);
      }, IOS_LOAD_TIMEOUT_MS);
    };

    const listeners: [string, () => void][] = [
      ['error', onError],
      ['loadstart', onLoadStart],
      ['canplay', clearIosTimer],
      ['playing', clearIosTimer],
    ];
    for (const [name, listener] of listeners) audio.addEventListener(name, listener);
    return () => {
      clearIosTimer();
      for (const [name, listener] of listeners) audio.removeEventListener(name, listener);
    };
  }, [element, blobUrl, sourceIndex, candidatesKey, choice.candidates, onFail, tryBlobFallback, wantsToPlay]);

  // A new source after a failure (or the downloaded copy) carries on playing if that was asked for.
  useEffect(() => {
    if (element && src && wantsToPlay.current) {
      element.load();
      void playExclusively(element).catch(() => undefined);
    }
  }, [element, src, wantsToPlay]);

  return { src, candidatesKey, noSource, unplayableMessage };
}

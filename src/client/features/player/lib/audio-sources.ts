import { audioTypeOfName } from '@client/lib/audio/audio-types';
import type { AudioSource } from '@shared/contract/posts';

export interface SourceChoice {
  /** What to try, in order: the next one is loaded when one fails. */
  candidates: AudioSource[];
  /** iOS Safari cannot play WebM: those sources were set aside in favour of an M4A one (spec §4). */
  fallbackMode: boolean;
}

export interface PlaybackEnvironment {
  canPlayType: (mimeType: string) => string;
  isIOS: boolean;
}

/** Spec §7: a relative path gets a leading slash; blank stays blank (and disables playback). */
export function normaliseAudioUrl(url: string | null | undefined): string {
  const trimmed = url?.trim() ?? '';
  if (!trimmed) return '';
  if (/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(trimmed)) return trimmed;
  return `/${trimmed}`;
}

const isWebm = (source: AudioSource) =>
  /webm/i.test(source.mimeType) || audioTypeOfName(source.url) === 'audio/webm';

/**
 * Orders a post's sources for this browser: the server lists them best first (an AAC/M4A rendition once it is
 * made, then the original), and we keep that order, minus what the browser says it cannot play. On iOS Safari
 * WebM is dropped outright, because its `canPlayType` answers "maybe" and then fails.
 */
export function chooseSources(
  sources: readonly AudioSource[],
  audioUrl: string | null | undefined,
  environment: PlaybackEnvironment,
): SourceChoice {
  const seen = new Set<string>();
  const all: AudioSource[] = [];
  const listed = sources.length > 0 ? sources : [{ url: audioUrl ?? '', mimeType: '' }];
  for (const source of listed) {
    const url = normaliseAudioUrl(source.url);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    all.push({ url, mimeType: source.mimeType || audioTypeOfName(url) });
  }

  let fallbackMode = false;
  const playable = all.filter((source) => {
    if (environment.isIOS && isWebm(source)) {
      fallbackMode = true;
      return false;
    }
    // An unknown type is worth a try; a known one the browser refuses is not.
    return !source.mimeType || environment.canPlayType(source.mimeType) !== '';
  });
  return { candidates: playable, fallbackMode };
}

/** iPhone, iPad (which claims to be a Mac with touch) and iPod browsers all run WebKit's media stack. */
export function detectIOS(navigatorLike: Pick<Navigator, 'userAgent' | 'maxTouchPoints'>): boolean {
  const { userAgent, maxTouchPoints } = navigatorLike;
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

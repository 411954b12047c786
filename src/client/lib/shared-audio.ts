import { useEffect, useState } from 'react';
import { SHARED_PARAM, type ShareOutcome } from '@shared/domain/share-target';
import { audioTypeOfName } from './audio/audio-types';
import { toast } from './use-toast';

/** Where the service worker (service-worker.js) keeps a file shared from the share sheet; the two must agree. */
const SHARE_CACHE = 'earshot-shared-audio';
const SHARED_AUDIO = '/shared-audio';
/** A share older than this is let go rather than opened: nobody is waiting for it any more. */
export const SHARE_KEPT_MS = 60 * 60 * 1000;
/** Types that say nothing about a file's audio, which other apps' share sheets often give. */
const VAGUE_TYPES = new Set(['', 'application/octet-stream', 'application/ogg']);

/** The file's own type, or the one its extension stands for when its own says nothing (.m4a, .opus, .ogg). */
export function sharedFileType(name: string, type: string): string {
  return VAGUE_TYPES.has(type.toLowerCase()) ? audioTypeOfName(name) || type : type;
}

async function takeSharedAudio(now: number): Promise<File | null> {
  if (!('caches' in window)) return null;
  const cache = await caches.open(SHARE_CACHE);
  const response = await cache.match(SHARED_AUDIO);
  if (!response) return null;
  await cache.delete(SHARED_AUDIO);
  const sharedAt = Number(response.headers.get('x-shared-at'));
  if (!(now - sharedAt < SHARE_KEPT_MS)) return null;
  const blob = await response.blob();
  const name = decodeURIComponent(response.headers.get('x-file-name') ?? '') || 'Shared audio';
  return new File([blob], name, { type: sharedFileType(name, blob.type) });
}

/** Lets go of a kept share without opening it. */
export async function discardSharedAudio(): Promise<void> {
  if ('caches' in window) await caches.delete(SHARE_CACHE);
}

/** Takes `?shared=…` off the address (a reload must not open the share again) and says which it was. */
function takeShareOutcome(): ShareOutcome | null {
  const params = new URLSearchParams(location.search);
  const outcome = params.get(SHARED_PARAM);
  if (outcome === null) return null;
  params.delete(SHARED_PARAM);
  const rest = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}`);
  return outcome as ShareOutcome;
}

const tellShareFailed = (title: string, description: string) =>
  toast({ variant: 'destructive', title, description });

/**
 * An audio file another app shared to Earshot (the manifest's share target), taken once from where the service
 * worker kept it; `done` lets it go once the recorder has it. A share that could not be kept is explained.
 */
export function useSharedAudio(): { file: File | null; done: () => void } {
  const [file, setFile] = useState<File | null>(null);
  useEffect(() => {
    const outcome = takeShareOutcome();
    if (outcome === null) return;
    if (outcome === 'too-large') {
      tellShareFailed('That file is too large', 'Please share an audio file smaller than 100MB.');
      return;
    }
    if (outcome === 'unavailable') {
      tellShareFailed(
        'The shared audio could not be received',
        'Earshot was not ready for it. Please share the audio file to Earshot again.',
      );
      return;
    }
    void takeSharedAudio(Date.now())
      .catch(() => null)
      .then((shared) => {
        if (shared) setFile(shared);
        else
          tellShareFailed('The shared audio did not arrive', 'Please share the audio file to Earshot again.');
      });
  }, []);
  return { file, done: () => setFile(null) };
}

/**
 * A share that lands on the signed-out page: the file is let go (nobody is signed in to publish it, and it must not
 * wait for whoever signs in next on this device), and the person is told to sign in and share again.
 */
export function useSharedAudioSignedOut(signedOut: boolean): void {
  useEffect(() => {
    if (!signedOut || takeShareOutcome() === null) return;
    void discardSharedAudio().catch(() => undefined);
    tellShareFailed('Sign in to share audio', 'Sign in to Earshot, then share the audio file to it again.');
  }, [signedOut]);
}

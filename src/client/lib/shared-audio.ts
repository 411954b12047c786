import { useEffect, useState } from 'react';
import { SHARED_PARAM, type ShareOutcome } from '@shared/domain/share-target';
import { apiRequest, routeUrl } from './api-client';
import { audioTypeOfName } from './audio/audio-types';
import { toast } from './use-toast';

/** Types that say nothing about a file's audio, which other apps' share sheets often give. */
const VAGUE_TYPES = new Set(['', 'application/octet-stream', 'application/ogg']);

/** The file's own type, or the one its extension stands for when its own says nothing (.m4a, .opus, .ogg). */
export function sharedFileType(name: string, type: string): string {
  return VAGUE_TYPES.has(type.toLowerCase()) ? audioTypeOfName(name) || type : type;
}

/** The file the server kept from the share sheet, taken once (it lets go of it); null when none is waiting. */
async function takeSharedAudio(): Promise<File | null> {
  const response = await fetch(routeUrl('sharedAudio'), { credentials: 'include' });
  if (!response.ok) return null;
  const blob = await response.blob();
  const name = decodeURIComponent(response.headers.get('x-file-name') ?? '') || 'Shared audio';
  await apiRequest('discardSharedAudio');
  return new File([blob], name, { type: sharedFileType(name, blob.type) });
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

const SHARE_PROBLEMS: Partial<Record<ShareOutcome, [title: string, description: string]>> = {
  'too-large': ['That file is too large', 'Please share an audio file smaller than 100MB.'],
  'not-audio': ['That file is not audio', 'Earshot takes audio files. Please share an audio file to it.'],
  none: ['The shared audio did not arrive', 'Please share the audio file to Earshot again.'],
  unavailable: [
    'The shared audio could not be received',
    'Earshot was not ready for it. Please share the audio file to Earshot again.',
  ],
};

/**
 * An audio file another app shared to Earshot (the manifest's share target), taken once from where the server kept
 * it for this person; `done` lets it go once the recorder has it. A share that could not be kept is explained.
 */
export function useSharedAudio(): { file: File | null; done: () => void } {
  const [file, setFile] = useState<File | null>(null);
  useEffect(() => {
    const outcome = takeShareOutcome();
    if (outcome === null) return;
    const problem = SHARE_PROBLEMS[outcome];
    if (problem) {
      tellShareFailed(...problem);
      return;
    }
    void takeSharedAudio()
      .catch(() => null)
      .then((shared) => {
        if (shared) setFile(shared);
        else tellShareFailed(...SHARE_PROBLEMS.none!);
      });
  }, []);
  return { file, done: () => setFile(null) };
}

/**
 * A share that lands on the signed-out page: the server kept nothing (nobody was signed in to keep it for), so the
 * person is told to sign in and share again.
 */
export function useSharedAudioSignedOut(signedOut: boolean): void {
  useEffect(() => {
    if (!signedOut || takeShareOutcome() === null) return;
    tellShareFailed('Sign in to share audio', 'Sign in to Earshot, then share the audio file to it again.');
  }, [signedOut]);
}

import { useEffect, useState } from 'react';
import { toast } from './use-toast';

/** Where public/sw.js keeps a file shared from the phone's share sheet; the two must agree. */
const SHARE_CACHE = 'earshot-shared-audio';
const SHARED_AUDIO = '/shared-audio';
/** The service worker sends the person to `/?shared=audio` (or `none` when the share held no file). */
const SHARED_PARAM = 'shared';

async function takeSharedAudio(): Promise<File | null> {
  if (!('caches' in window)) return null;
  const cache = await caches.open(SHARE_CACHE);
  const response = await cache.match(SHARED_AUDIO);
  if (!response) return null;
  const blob = await response.blob();
  await cache.delete(SHARED_AUDIO);
  const name = decodeURIComponent(response.headers.get('x-file-name') ?? '') || 'Shared audio';
  return new File([blob], name, { type: blob.type });
}

/**
 * An audio file another app shared to Earshot (the manifest's share target), taken once from where the service
 * worker kept it; `done` lets it go once the recorder has it.
 */
export function useSharedAudio(): { file: File | null; done: () => void } {
  const [file, setFile] = useState<File | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(SHARED_PARAM)) return;
    params.delete(SHARED_PARAM);
    const rest = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}`);
    void takeSharedAudio()
      .catch(() => null)
      .then((shared) => {
        if (shared) setFile(shared);
        else
          toast({
            variant: 'destructive',
            title: 'The shared audio did not arrive',
            description: 'Please share the audio file to Earshot again.',
          });
      });
  }, []);
  return { file, done: () => setFile(null) };
}

import { MAX_AUDIO_BYTES, MAX_IMAGE_BYTES } from '@shared/domain/posts';
import http from 'node:http';
import https from 'node:https';
import { publicOnlyLookup } from '../http/public-address';
import type { ScratchFile, ScratchFiles } from '../storage/scratch-files';

/** A remote server has this long to send a recording whole. */
const DOWNLOAD_TIMEOUT_MS = 60_000;

export class RemoteAudioRefused extends Error {}

/** What is fetched: a recording (a post's audio) or a picture (an avatar), each as large as its upload may be. */
const KINDS = {
  audio: { maxBytes: MAX_AUDIO_BYTES, accept: 'audio/*' },
  image: { maxBytes: MAX_IMAGE_BYTES, accept: 'image/*' },
} as const;

export interface RemoteAudio {
  /**
   * The recording (or, as `kind` says, picture) at `url`, in a scratch file the caller discards: as large as its
   * upload may be at most, https on a public address only (the address checked as the connection is made, so a name
   * cannot point elsewhere after the check), no redirects. Anything else throws RemoteAudioRefused and keeps
   * nothing.
   */
  download(url: URL, kind?: keyof typeof KINDS): Promise<ScratchFile>;
}

export function createRemoteAudio(scratch: ScratchFiles, allowPrivateAddresses: boolean): RemoteAudio {
  return {
    async download(url, kind = 'audio') {
      const { maxBytes, accept } = KINDS[kind];
      const secure = url.protocol === 'https:';
      if (!secure && !(allowPrivateAddresses && url.protocol === 'http:')) {
        throw new RemoteAudioRefused(`not an https address: ${url.href}`);
      }
      const signal = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const options = {
          signal,
          headers: { accept },
          ...(allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
        };
        (secure ? https : http).get(url, options, resolve).on('error', reject);
      });
      const declared = Number(response.headers['content-length'] ?? 0);
      if (response.statusCode !== 200 || declared > maxBytes) {
        response.destroy();
        throw new RemoteAudioRefused(`${url.href} answered ${response.statusCode} with ${declared} bytes`);
      }
      try {
        return await scratch.receive(response, maxBytes);
      } catch (error) {
        response.destroy();
        throw new RemoteAudioRefused(`${url.href}: ${(error as Error).message}`);
      }
    },
  };
}

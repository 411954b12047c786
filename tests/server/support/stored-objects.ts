import { keysUnder, readBlob, type BlobStore } from '../../../src/server/storage/blob-store';

/** The ids of the audio assets with anything in storage (keys `audio/<id>/…`), sorted. */
export async function storedAudioAssetIds(blobs: BlobStore): Promise<string[]> {
  const keys = await keysUnder(blobs, 'audio/');
  return [...new Set(keys.map((key) => key.split('/')[1]!))].sort();
}

/** The stored object an audio URL (`/media/audio/<asset>/<file>`) serves. */
export function storedAudioAt(blobs: BlobStore, url: string): Promise<Buffer> {
  const key = new URL(url, 'http://localhost').pathname.replace(/^\/media\//, '');
  return readBlob(blobs, key);
}

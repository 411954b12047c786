import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { detachAndDeleteImage, listImagesNotReencoded, replaceImageFile } from '../db/queries/audio-assets';
import type { ImageRow } from '../db/schema';
import { UnprocessableError } from '../errors';
import type { JobOutcome } from '../jobs/catalogue';
import { BlobNotFoundError, type BlobStore } from '../storage/blob-store';
import type { ScratchFiles } from '../storage/scratch-files';
import type { ImageLibrary, PreparedImage } from './image-library';
import { commitWithFiles } from './stored-files';

const BATCH = 20;

interface LegacyImageDeps {
  db: Db;
  blobs: BlobStore;
  scratch: ScratchFiles;
  images: ImageLibrary;
  log: FastifyBaseLogger;
}

/**
 * Post photos stored before uploads were re-encoded are kept as sent, with whatever metadata they carried (a
 * phone's GPS position). This re-encodes each as a new upload would be; one that cannot be read, or whose file is
 * gone, is taken off its post rather than served unchecked. Each re-encoding is written under a file name of its
 * own, and a row changed meanwhile is left alone, so runs that overlap never remove each other's work.
 */
export function createLegacyImageSweep(deps: LegacyImageDeps) {
  const { db, blobs, scratch, images, log } = deps;

  async function reencoded(image: ImageRow): Promise<PreparedImage | undefined> {
    const extension = image.storage_key.slice(image.storage_key.lastIndexOf('.') + 1);
    try {
      return await scratch.withLocalCopy(blobs, image.storage_key, extension, (path) =>
        images.prepare(
          { path, bytes: image.bytes },
          image.owner_id,
          image.is_private === 1,
          'post-photo',
          image.id,
        ),
      );
    } catch (error) {
      if (error instanceof UnprocessableError || error instanceof BlobNotFoundError) return undefined;
      throw error;
    }
  }

  async function sweepOne(image: ImageRow): Promise<void> {
    const prepared = await reencoded(image);
    if (!prepared)
      log.warn({ imageId: image.id }, 'a stored image could not be re-encoded; it is no longer shown');
    const replaced = await commitWithFiles(db, [prepared], async (trx) => {
      if (prepared) return replaceImageFile(trx, image, prepared.row);
      return detachAndDeleteImage(trx, image);
    });
    // Another run got there first: only this run's own new file goes.
    if (!replaced) await prepared?.forget();
    else await blobs.delete(image.storage_key);
  }

  return async function reencodeLegacyImages(signal: AbortSignal): Promise<JobOutcome> {
    for (;;) {
      const batch = await listImagesNotReencoded(db, BATCH);
      if (batch.length === 0) return 'done';
      for (const image of batch) {
        signal.throwIfAborted();
        await sweepOne(image);
      }
    }
  };
}

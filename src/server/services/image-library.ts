import type { Db } from '../db/database';
import { insertImage } from '../db/queries/audio-assets';
import type { ImageRow } from '../db/schema';
import { UnprocessableError } from '../errors';
import { readHead, sniffImageFormat } from '../media/file-formats';
import type { BlobStore, TempBlob } from '../storage/blob-store';
import { newId } from '../ids';

export interface PreparedImage {
  row: ImageRow;
  forget(): Promise<void>;
}

export interface ImageLibrary {
  /** Accepts PNG, JPEG, WebP or GIF by content and files it under a generated key. */
  prepare(upload: TempBlob, ownerId: string, isPrivate: boolean): Promise<PreparedImage>;
  insert(db: Db, prepared: PreparedImage): Promise<void>;
  deleteFile(image: Pick<ImageRow, 'storage_key'>): Promise<void>;
}

export function createImageLibrary(blobs: BlobStore): ImageLibrary {
  return {
    async prepare(upload, ownerId, isPrivate) {
      const format = sniffImageFormat(await readHead(upload.path));
      if (!format) throw new UnprocessableError('Photos must be PNG, JPEG, WebP or GIF images.');
      const id = newId();
      const key = `images/${id}.${format.extension}`;
      await blobs.makePermanent(upload, key);
      return {
        row: {
          id,
          owner_id: ownerId,
          is_private: isPrivate ? 1 : 0,
          storage_key: key,
          mime: format.mime,
          bytes: upload.bytes,
          created_at: new Date().toISOString(),
        },
        forget: () => blobs.delete(key),
      };
    },
    async insert(db, prepared) {
      await insertImage(db, prepared.row);
    },
    async deleteFile(image) {
      await blobs.delete(image.storage_key);
    },
  };
}

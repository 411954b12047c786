import { buildPath, endpoints } from '@shared/contract/endpoints';
import sharp, { type ResizeOptions } from 'sharp';
import type { Db } from '../db/database';
import { insertImage } from '../db/queries/audio-assets';
import type { ImageRow } from '../db/schema';
import { UnprocessableError } from '../errors';
import { readHead, sniffImageFormat } from '../media/file-formats';
import type { BlobStore } from '../storage/blob-store';
import type { ScratchFile } from '../storage/scratch-files';
import { newId } from '../ids';
import type { PreparedFile } from './stored-files';

const NOT_AN_IMAGE_MESSAGE = 'Photos must be PNG, JPEG, WebP or GIF images.';
const UNREADABLE_MESSAGE = 'This image could not be read. Please choose another picture.';

/**
 * Decompression bombs: a few kilobytes can declare billions of pixels. 50 megapixels takes a 48 MP phone photo;
 * sharp refuses anything larger from the header, before decoding a pixel.
 */
const MAX_IMAGE_PIXELS = 50_000_000;
const TOO_MANY_PIXELS_MESSAGE = 'This image is too large to process. Please choose one under 50 megapixels.';

/**
 * What a picture is for, and the one size the client shows it at, in pixels of a high-density screen:
 * - avatar: at most 128 CSS px (the profile header; lists show it smaller), so 256 square serves 2x screens;
 * - cover: the spec recommends 1200x300 and the profile shows it across the column, so up to 1500x500 is kept;
 * - post photo: a post's image is at most about 600 CSS px wide, so 1200 wide.
 */
export type ImagePurpose = 'avatar' | 'cover' | 'post-photo';
const SIZES: Record<ImagePurpose, ResizeOptions> = {
  avatar: { width: 256, height: 256, fit: 'cover' },
  cover: { width: 1500, height: 500, fit: 'inside', withoutEnlargement: true },
  'post-photo': { width: 1200, fit: 'inside', withoutEnlargement: true },
};

// Decoded images are not kept between requests: each upload is decoded once.
sharp.cache(false);

export interface PreparedImage extends PreparedFile {
  row: ImageRow;
}

export interface ImageLibrary {
  /**
   * Accepts PNG, JPEG, WebP or GIF by content, decodes it (off the event loop, in libvips's threads), turns it
   * upright, sizes it for `purpose` and stores a fresh WebP: no metadata block of the upload (EXIF with a GPS
   * position, XMP, ICC, comments) nor any bytes hidden around the picture survive.
   */
  prepare(
    upload: ScratchFile,
    ownerId: string,
    isPrivate: boolean,
    purpose: ImagePurpose,
    /** An existing image whose file this replaces: its id is kept, under a file name of its own. */
    replacing?: string,
  ): Promise<PreparedImage>;
  insert(db: Db, prepared: PreparedImage): Promise<void>;
  deleteFile(image: Pick<ImageRow, 'storage_key'>): Promise<void>;
}

/** Where an image's file is served (contract `mediaImage`). */
export function imageUrl(storageKey: string): string {
  return buildPath(endpoints.mediaImage.path, { file: storageKey.slice(storageKey.lastIndexOf('/') + 1) });
}

async function reencode(file: string, purpose: ImagePurpose): Promise<Buffer> {
  try {
    return await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize(SIZES[purpose])
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw new UnprocessableError(TOO_MANY_PIXELS_MESSAGE);
    throw new UnprocessableError(UNREADABLE_MESSAGE, { cause: error });
  }
}

export function createImageLibrary(blobs: BlobStore): ImageLibrary {
  return {
    async prepare(upload, ownerId, isPrivate, purpose, replacing) {
      // Sniffed first so an SVG (or anything else libvips could read) is never decoded at all.
      if (!sniffImageFormat(await readHead(upload.path))) throw new UnprocessableError(NOT_AN_IMAGE_MESSAGE);
      const bytes = await reencode(upload.path, purpose);
      const id = replacing ?? newId();
      // Served as `<image id>[.<version>].webp`: a replacement never writes over a file that may still be served.
      const key = replacing ? `images/${id}.${newId()}.webp` : `images/${id}.webp`;
      await blobs.put(key, bytes, { contentType: 'image/webp' });
      return {
        row: {
          id,
          owner_id: ownerId,
          is_private: isPrivate ? 1 : 0,
          storage_key: key,
          mime: 'image/webp',
          bytes: bytes.length,
          reencoded: 1,
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

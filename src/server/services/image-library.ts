import { buildPath, endpoints } from '@shared/contract/endpoints';
import sharp, { type ResizeOptions } from 'sharp';
import type { Db } from '../db/database';
import { insertImage } from '../db/queries/audio-assets';
import type { ImageRow } from '../db/schema';
import { TooManyRequestsError, UnprocessableError } from '../errors';
import { readHead, sniffImageFormat } from '../media/file-formats';
import { ProcessLimiter } from '../media/process-runner';
import type { BlobStore } from '../storage/blob-store';
import type { ScratchFile } from '../storage/scratch-files';
import { newId } from '../ids';
import type { RateLimiter } from './rate-limiter';
import type { PreparedFile } from './stored-files';

const NOT_AN_IMAGE_MESSAGE = 'Photos must be PNG, JPEG, WebP or GIF images.';
const HOUR_MS = 60 * 60 * 1000;
const UNREADABLE_MESSAGE = 'This image could not be read. Please choose another picture.';

/**
 * Decompression bombs: a few kilobytes can declare billions of pixels, and decoding costs about 4 bytes a pixel.
 * Every picture is resized to at most 1500 px wide, so 25 megapixels (a 24 MP camera's photo) is plenty; sharp
 * refuses anything larger from the header, before decoding a pixel.
 */
const MAX_IMAGE_PIXELS = 25_000_000;
const TOO_MANY_PIXELS_MESSAGE =
  'This image is too large to process. Please choose one under 25 megapixels: pictures are shown at most 1500 pixels wide, so a smaller one looks the same.';
/** Decodes at once in this process: each can hold about 100 MB, so a burst of uploads waits its turn instead. */
const DECODES_AT_ONCE = 2;
/** New pictures one person may upload in an hour: plenty for trying a few avatars, covers and post photos. */
const IMAGE_UPLOADS_PER_HOUR = 30;
const TOO_MANY_IMAGES_MESSAGE = `You have uploaded ${IMAGE_UPLOADS_PER_HOUR} pictures in the last hour. Please wait a while and try again.`;

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

async function reencode(file: string, purpose: ImagePurpose) {
  try {
    return await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize(SIZES[purpose])
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw new UnprocessableError(TOO_MANY_PIXELS_MESSAGE);
    throw new UnprocessableError(UNREADABLE_MESSAGE, { cause: error });
  }
}

export function createImageLibrary(blobs: BlobStore, rateLimits: RateLimiter): ImageLibrary {
  const decodes = new ProcessLimiter(DECODES_AT_ONCE);
  return {
    async prepare(upload, ownerId, isPrivate, purpose, replacing) {
      // A new picture is someone's upload (a stored one re-encoded replaces itself): it counts against them.
      if (!replacing && (await rateLimits.hit(`image-upload:${ownerId}`, HOUR_MS)) > IMAGE_UPLOADS_PER_HOUR) {
        throw new TooManyRequestsError(TOO_MANY_IMAGES_MESSAGE, HOUR_MS / 1000);
      }
      // Sniffed first so an SVG (or anything else libvips could read) is never decoded at all.
      if (!sniffImageFormat(await readHead(upload.path))) throw new UnprocessableError(NOT_AN_IMAGE_MESSAGE);
      const { data: bytes, info } = await decodes.run(() => reencode(upload.path, purpose));
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
          width: info.width,
          height: info.height,
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

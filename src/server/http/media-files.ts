import { MEDIA_NOT_FOUND_MESSAGE } from '../access/guard';
import { NotFoundError } from '../errors';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BlobNotFoundError, type BlobStore, type ByteRange, type OpenedBlob } from '../storage/blob-store';
import { parseRange, type RangeRequest } from './byte-range';
import { entityTag, isNotModified, rangeStillApplies } from './conditional-request';

export interface StoredMedia {
  key: string;
  /** From the media's row: what was decided when it was accepted, never guessed from the bytes. */
  mime: string;
  isPublic: boolean;
}

/** How long a redirect's signed link lets the browser fetch: long enough to play, short enough to revoke. */
const PRESIGNED_LINK_SECONDS = 300;
const PUBLIC_MEDIA_CACHE = 'public, max-age=31536000, immutable';

function missing(request: FastifyRequest, key: string): NotFoundError {
  request.log.warn({ key }, 'media has a row but nothing in storage');
  return new NotFoundError(MEDIA_NOT_FOUND_MESSAGE);
}

/**
 * Sends stored media after the route has checked who may see it: Range (one range, 206), conditional requests
 * (ETag, Last-Modified, 304, If-Range) and HEAD. Public media is immutable (new content always gets a new URL),
 * private media is never kept by shared caches. Stored objects are written once, so what the opened object says
 * describes the bytes that follow.
 */
export async function sendStoredMedia(
  reply: FastifyReply,
  request: FastifyRequest,
  store: BlobStore,
  media: StoredMedia,
  options: { redirectPublic?: boolean } = {},
): Promise<FastifyReply> {
  if (media.isPublic && options.redirectPublic && store.presignedUrl) {
    return redirectToStore(reply, store.presignedUrl.bind(store), media);
  }
  const object = await store.open(media.key);
  if (!object) throw missing(request, media.key);
  let body: Readable | undefined;
  try {
    const current = { etag: entityTag(object.etag), modifiedAt: object.modifiedAt };
    const describeObject = () =>
      reply.headers({
        'cache-control': media.isPublic ? PUBLIC_MEDIA_CACHE : 'private, no-cache',
        etag: current.etag,
        'last-modified': object.modifiedAt.toUTCString(),
        'accept-ranges': 'bytes',
      });
    if (isNotModified(request.headers, current)) return describeObject().code(304).send();

    const wanted: RangeRequest = rangeStillApplies(request.headers, current)
      ? parseRange(request.headers.range, object.bytes)
      : { kind: 'whole' };
    if (wanted.kind === 'unsatisfiable') {
      return reply
        .code(416)
        .headers({ 'accept-ranges': 'bytes', 'content-range': `bytes */${object.bytes}` })
        .send({ message: `The requested range is not within this file of ${object.bytes} bytes.` });
    }
    const range = wanted.kind === 'partial' ? wanted.range : undefined;
    // Read before the answer's type and length are set, so an object gone since it was opened still answers a
    // plain 404.
    if (request.method !== 'HEAD') body = await bodyOf(request, object, media.key, range);
    describeObject().headers({
      'content-type': media.mime,
      'content-length': range ? range.end - range.start + 1 : object.bytes,
    });
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${object.bytes}`);
    return reply.send(body);
  } finally {
    if (!body) object.close();
  }
}

async function bodyOf(
  request: FastifyRequest,
  object: OpenedBlob,
  key: string,
  range: ByteRange | undefined,
): Promise<Readable> {
  try {
    return await object.body(range);
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw missing(request, key);
    throw error;
  }
}

/**
 * Public media straight from the bucket, so its bytes never pass through this process. The redirect itself is
 * kept briefly by the browser only: the signed link it names expires.
 */
async function redirectToStore(
  reply: FastifyReply,
  presign: NonNullable<BlobStore['presignedUrl']>,
  media: StoredMedia,
): Promise<FastifyReply> {
  const url = await presign(media.key, {
    expiresInSeconds: PRESIGNED_LINK_SECONDS,
    contentType: media.mime,
    cacheControl: PUBLIC_MEDIA_CACHE,
  });
  return reply.code(302).headers({ location: url, 'cache-control': 'private, max-age=60' }).send();
}

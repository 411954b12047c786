import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3StorageConfig, StorageConfig } from '../config';
import { BlobNotFoundError, type BlobInfo, type BlobStore, type ByteRange } from './blob-store';

/** A server that does not accept the connection by then is down or unreachable; fail fast and let retries work. */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * A socket with no traffic for this long is closed, so a dead server cannot hang a request, and a reader that
 * stopped pulling an object (a paused player) gives its pooled connection back; the browser asks again by Range.
 */
const IDLE_SOCKET_TIMEOUT_MS = 60_000;
/** Every streamed response holds a connection while it plays: room for many listeners per instance. */
const MAX_SOCKETS = 256;
/** A readiness probe answers within this whatever the server does. */
const CHECK_TIMEOUT_MS = 5_000;

/**
 * Keep-alive connections (the SDK's default agent keeps them) are reused across requests. Retries are the SDK's
 * standard mode: 3 attempts with jittered backoff on throttling, 5xx and connection errors; uploads are retryable
 * because lib-storage sends buffered parts, never a half-read stream.
 */
function createClient(config: S3StorageConfig, endpoint: string | undefined): S3Client {
  return new S3Client({
    region: config.region,
    endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: IDLE_SOCKET_TIMEOUT_MS,
      httpAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
      httpsAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
    },
    // The newer default checksum headers (and aws-chunked trailers on streams) are refused by several
    // S3-compatible servers; TLS and S3's own length and MD5 checks on parts cover integrity in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Media in one bucket every instance shares; object keys are the store's keys, without a prefix. */
export function createS3BlobStore(config: S3StorageConfig): BlobStore {
  const client = createClient(config, config.endpoint);
  const signer = config.publicEndpoint ? createClient(config, config.publicEndpoint) : client;
  const Bucket = config.bucket;

  async function getObject(key: string, range?: ByteRange): Promise<GetObjectCommandOutput> {
    try {
      return await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }),
      );
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === 'NoSuchKey') throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async function statObject(key: string): Promise<BlobInfo | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return {
        bytes: head.ContentLength ?? 0,
        modifiedAt: head.LastModified ?? new Date(0),
        etag: head.ETag ?? '',
      };
    } catch (error) {
      // A HEAD answer has no body, so a missing key shows only as 404 NotFound.
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
      throw error;
    }
  }

  async function upload(key: string, source: Readable | Buffer, contentType: string): Promise<void> {
    // On any failure, Upload aborts the multipart upload it started; a single-part one never became an object.
    await new Upload({ client, params: { Bucket, Key: key, Body: source, ContentType: contentType } }).done();
  }

  return {
    put: (key, source, { contentType }) => upload(key, source, contentType),

    async putFile(key, file, { contentType }) {
      const source = createReadStream(file);
      try {
        await upload(key, source, contentType);
      } finally {
        source.destroy();
      }
      await rm(file, { force: true });
    },

    async getStream(key, range) {
      const object = await getObject(key, range);
      return {
        body: object.Body as Readable,
        bytes: totalBytesOf(object),
        modifiedAt: object.LastModified ?? new Date(0),
        etag: object.ETag ?? '',
      };
    },

    async open(key) {
      const info = await statObject(key);
      return (
        info && {
          ...info,
          body: async (range) => (await getObject(key, range)).Body as Readable,
          close: () => {},
        }
      );
    },

    stat: statObject,

    async copyToFile(key, file) {
      const object = await getObject(key);
      try {
        await pipeline(object.Body as Readable, createWriteStream(file));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    presignedUrl(key, { expiresInSeconds, contentType, cacheControl }) {
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: contentType,
        ResponseCacheControl: cacheControl,
      });
      return getSignedUrl(signer, command, { expiresIn: expiresInSeconds });
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), {
          abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        });
        return { ok: true };
      } catch (error) {
        // Health answers anyone: the bucket and the internal address go to the log only.
        return {
          ok: false,
          problem: `The media bucket is not usable: ${reasonOf(error)}.`,
          detail: `S3 bucket ${Bucket} at ${serverOf(config)}: ${reasonOf(error)}`,
        };
      }
    },
  };
}

/** The whole object's size: after the slash of `Content-Range: bytes a-b/size` when a range was asked for. */
function totalBytesOf(object: GetObjectCommandOutput): number {
  const total = object.ContentRange?.match(/\/(\d+)$/)?.[1];
  return total ? Number(total) : (object.ContentLength ?? 0);
}

function serverOf(config: S3StorageConfig): string {
  return config.endpoint ? new URL(config.endpoint).origin : `AWS S3 (${config.region})`;
}

/** What went wrong, in words that name no credential: only status codes, error names and network codes. */
function reasonOf(error: unknown): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    if (status === 404) return 'the bucket does not exist';
    if (status === 401 || status === 403) return 'access denied; check the credentials and the bucket policy';
    return `the server answered ${status ?? 'without a status'} (${error.name})`;
  }
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return `no answer within ${CHECK_TIMEOUT_MS / 1000} s`;
  }
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return `cannot connect (${code})`;
  return error instanceof Error ? `failed (${error.name})` : 'failed';
}

/**
 * Where browsers load media from when public media is redirected to presigned URLs, for the page's CSP; none
 * otherwise. Follows the SDK's choice of host: the bucket as a subdomain unless path-style is forced (or the
 * name has dots, which TLS wildcards cannot cover).
 */
export function presignedMediaOrigins(storage: StorageConfig): string[] {
  if (storage.kind !== 's3' || !storage.redirectPublicMedia) return [];
  const base = new URL(
    storage.publicEndpoint ?? storage.endpoint ?? `https://s3.${storage.region}.amazonaws.com`,
  );
  const pathStyle = storage.forcePathStyle || storage.bucket.includes('.');
  return [pathStyle ? base.origin : `${base.protocol}//${storage.bucket}.${base.host}`];
}

import { finished, PassThrough, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { BadRequestError, PayloadTooLargeError } from '../errors';
import { TooLargeError, type BlobStore, type TempBlob } from '../storage/blob-store';

const MALFORMED_MESSAGE =
  'The upload arrived incomplete or is not valid multipart/form-data. Please try sending it again.';

export interface FileFieldRule {
  maxBytes: number;
  tooLargeMessage: string;
}

export interface MultipartUpload {
  fields: Record<string, string>;
  files: Record<string, TempBlob>;
  /** Removes every temp file of this upload; call it whatever happened. */
  discard(): Promise<void>;
}

/**
 * The part's bytes through a stream of our own: a failure of the client's body (cut off, malformed) then arrives
 * as a 400, told apart from a failure of our disk, which stays our fault.
 */
function clientBytes(file: Readable): Readable {
  // The error may come before the reader's listeners do (the parser can fail a part before it reaches us); the
  // reader still gets it, from the stream's state, so this listener only keeps it from counting as unhandled.
  const relay = new PassThrough().on('error', () => {});
  finished(file, (error) => {
    if (error) relay.destroy(new BadRequestError(MALFORMED_MESSAGE));
  });
  return file.pipe(relay);
}

/** The parser's own complaints are about the client's body; the plugin's limit errors already carry a status. */
function asClientError(error: unknown): unknown {
  const hasStatus = typeof error === 'object' && error !== null && 'statusCode' in error;
  return hasStatus ? error : new BadRequestError(MALFORMED_MESSAGE);
}

/**
 * Streams each expected file of a multipart request to its own temp blob, holding no file in memory, and collects
 * the text fields. Files under other names are read past and dropped. On any failure nothing is left on disk.
 */
export async function readMultipartUpload(
  request: FastifyRequest,
  blobs: BlobStore,
  rules: Record<string, FileFieldRule>,
): Promise<MultipartUpload> {
  if (!request.isMultipart()) {
    throw new BadRequestError('Send the upload as multipart/form-data with the audio as a file field.');
  }
  const fields: Record<string, string> = {};
  const files: Record<string, TempBlob> = {};
  const discard = async () => {
    await Promise.all(Object.values(files).map((file) => blobs.discardTemp(file)));
  };
  const largest = Math.max(...Object.values(rules).map((rule) => rule.maxBytes));
  const parts = request.parts({ limits: { fileSize: largest + 1 } });
  try {
    for (;;) {
      const next = await parts.next().catch((error: unknown) => {
        throw asClientError(error);
      });
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      const rule = rules[part.fieldname];
      if (!rule || files[part.fieldname]) {
        part.file.resume();
        continue;
      }
      try {
        files[part.fieldname] = await blobs.putTemp(clientBytes(part.file), rule.maxBytes);
      } catch (error) {
        if (error instanceof TooLargeError) throw new PayloadTooLargeError(rule.tooLargeMessage);
        throw error;
      }
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { fields, files, discard };
}

import type { FastifyRequest } from 'fastify';
import { BadRequestError, PayloadTooLargeError } from '../errors';
import { TooLargeError, type BlobStore, type TempBlob } from '../storage/blob-store';

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
  try {
    for await (const part of request.parts({ limits: { fileSize: largest + 1 } })) {
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
        files[part.fieldname] = await blobs.putTemp(part.file, rule.maxBytes);
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

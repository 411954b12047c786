import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class TooLargeError extends Error {}

/** Scratch files for uploads being validated. Names are generated here; nothing from the client reaches a path. */
export function createTempFiles(dataDir: string) {
  const directory = path.join(dataDir, 'tmp');

  return {
    /**
     * Streams `source` to a new temp file, runs `use` on it, and removes the file whatever happens.
     * `isTruncated` tells whether the source hit its byte limit (multipart stops reading at the limit).
     */
    async withUpload<T>(
      source: Readable,
      isTruncated: () => boolean,
      use: (file: string) => Promise<T>,
    ): Promise<T> {
      await mkdir(directory, { recursive: true });
      const file = path.join(directory, randomUUID());
      try {
        await pipeline(source, createWriteStream(file, { flags: 'wx' }));
        if (isTruncated()) throw new TooLargeError();
        return await use(file);
      } finally {
        await rm(file, { force: true });
      }
    },
  };
}

export type TempFiles = ReturnType<typeof createTempFiles>;

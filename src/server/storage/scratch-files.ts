import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TooLargeError, type BlobStore, type StorageCheck } from './blob-store';
import { checkFreeSpace } from './free-space';
import { scratchDirectory } from './scratch';

/** A local file of this process only: an upload being checked, or a process's input or output. Never shared. */
export interface ScratchFile {
  path: string;
  bytes: number;
}

export interface ScratchFiles {
  /** Streams `source` into a new scratch file; over `maxBytes` it throws TooLargeError and keeps nothing. */
  receive(source: Readable, maxBytes: number): Promise<ScratchFile>;
  /** A fresh path for a process to write into (an ffmpeg output). */
  newPath(extension: string): Promise<string>;
  discard(file: ScratchFile | string): Promise<void>;
  /**
   * Runs `use` on a local copy of the stored object, removed once `use` settles: the one way ffmpeg reads stored
   * media. The copy may share its bytes with the stored object (a hard link on the disk store), so `use` only reads
   * it. Throws BlobNotFoundError when nothing is stored under `key`.
   */
  withLocalCopy<T>(
    store: BlobStore,
    key: string,
    extension: string,
    use: (file: string) => Promise<T>,
  ): Promise<T>;
  /** Whether the disk under DATA_DIR, where every upload arrives first whatever the store, has room for one. */
  check(): Promise<StorageCheck>;
}

function byteLimit(maxBytes: number, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted.bytes += chunk.length;
      if (counted.bytes > maxBytes) callback(new TooLargeError(`over ${maxBytes} bytes`));
      else callback(null, chunk);
    },
  });
}

/** Uploads in this process's `uploads` scratch directory, process inputs and outputs in its `work` one (scratch.ts). */
export function createScratchFiles(dataDir: string, options: { minFreeBytes: number }): ScratchFiles {
  const uploadsRoot = scratchDirectory(dataDir, 'uploads');
  const workRoot = scratchDirectory(dataDir, 'work');

  async function newPathIn(directory: string, extension: string): Promise<string> {
    await mkdir(directory, { recursive: true });
    return path.join(directory, `${randomUUID()}${extension ? `.${extension}` : ''}`);
  }

  const newPath = (extension: string) => newPathIn(workRoot, extension);
  const discard = async (file: ScratchFile | string) => {
    await rm(typeof file === 'string' ? file : file.path, { force: true });
  };

  return {
    check: () => checkFreeSpace(dataDir, options.minFreeBytes, 'The disk under DATA_DIR'),

    async receive(source, maxBytes) {
      const file = await newPathIn(uploadsRoot, '');
      const counted = { bytes: 0 };
      try {
        await pipeline(source, byteLimit(maxBytes, counted), createWriteStream(file, { flags: 'wx' }));
      } catch (error) {
        await rm(file, { force: true });
        source.resume();
        throw error;
      }
      return { path: file, bytes: counted.bytes };
    },

    newPath,
    discard,

    async withLocalCopy(store, key, extension, use) {
      const file = await newPath(extension);
      try {
        await store.copyToFile(key, file);
        return await use(file);
      } finally {
        await discard(file);
      }
    },
  };
}

import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TooLargeError, type BlobStore, type TempBlob } from './blob-store';
import { scratchDirectory } from './scratch';

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

function byteLimit(maxBytes: number, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted.bytes += chunk.length;
      if (counted.bytes > maxBytes) callback(new TooLargeError(`over ${maxBytes} bytes`));
      else callback(null, chunk);
    },
  });
}

/**
 * Media under DATA_DIR/media; uploads being checked and process outputs in this process's scratch directories
 * under DATA_DIR/tmp (same filesystem, so making them permanent is a rename; see scratch.ts).
 */
export function createDiskBlobStore(dataDir: string): BlobStore {
  const root = path.resolve(dataDir); // absolute, so the paths it hands out mean the same to any process
  const mediaRoot = path.join(root, 'media');
  const uploadsRoot = scratchDirectory(root, 'uploads');
  const workRoot = scratchDirectory(root, 'work');

  function resolveKey(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(mediaRoot, key);
  }

  async function newPath(directory: string, extension: string): Promise<string> {
    await mkdir(directory, { recursive: true });
    return path.join(directory, `${randomUUID()}${extension ? `.${extension}` : ''}`);
  }

  const pathOf = (temp: TempBlob | string) => (typeof temp === 'string' ? temp : temp.path);

  return {
    async putTemp(source, maxBytes) {
      const file = await newPath(uploadsRoot, '');
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

    tempPath: (extension) => newPath(workRoot, extension),

    async discardTemp(temp) {
      await rm(pathOf(temp), { force: true });
    },

    async makePermanent(temp, key) {
      const target = resolveKey(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(pathOf(temp), target);
    },

    localPath: resolveKey,

    async delete(key) {
      await rm(resolveKey(key), { force: true });
    },

    async exists(key) {
      try {
        await access(resolveKey(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}

export function mediaRootOf(dataDir: string): string {
  return path.join(dataDir, 'media');
}

import { randomUUID } from 'node:crypto';
import {
  close,
  constants,
  createReadStream,
  createWriteStream,
  fstatSync,
  open as openCallback,
  type BigIntStats,
} from 'node:fs';
import { copyFile, link, mkdir, open, opendir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { BlobNotFoundError, type BlobInfo, type BlobStore, type OpenedBlob } from './blob-store';
import { checkFreeSpace } from './free-space';
import { scratchDirectory } from './scratch';

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;
const SAFE_PREFIX = /^[a-z0-9_./-]*$/i;
/** Why a hard link cannot be made where a copy can: another filesystem, or one without hard links. */
const LINK_UNSUPPORTED = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK']);
const RENAME_ATTEMPTS = 3;

const openFile = promisify(openCallback);

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

function infoOf(stats: BigIntStats): BlobInfo {
  // A replaced object is a new file (a rename over the old one), so its inode or mtime differs, whatever its size.
  const etag = [stats.ino, stats.size, stats.mtimeNs].map((part) => part.toString(36)).join('-');
  return { bytes: Number(stats.size), modifiedAt: stats.mtime, etag: `"${etag}"` };
}

/**
 * A file held open for one answer, through the plain fd calls that @fastify/static's `send` uses too: a FileHandle
 * and its promise-based reads cost a 64 KiB range request measurably more CPU (bench/README.md, "Audio route").
 */
async function openForReading(file: string): Promise<OpenedBlob | undefined> {
  let fd: number;
  try {
    fd = await openFile(file, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
    throw error;
  }
  const release = () => close(fd, () => {});
  let stats: BigIntStats;
  try {
    // The open has just brought the inode in, so fstat reads no disk: a thread-pool round trip would cost more.
    stats = fstatSync(fd, { bigint: true });
  } catch (error) {
    release();
    throw error;
  }
  if (!stats.isFile()) {
    release();
    return undefined;
  }
  return {
    ...infoOf(stats),
    // The stream closes the file when it ends or is destroyed.
    body: async (range) => createReadStream(file, { fd, ...range }),
    close: release,
  };
}

export interface DiskBlobStoreOptions {
  /** Below this much free space the store says it cannot take an upload (the largest one allowed). */
  minFreeBytes: number;
}

/**
 * Objects are files under DATA_DIR/media/<key>. Writes land in this process's scratch work directory (same
 * filesystem) and are renamed into place, so a reader sees a whole file or none.
 */
export async function createDiskBlobStore(
  dataDir: string,
  options: DiskBlobStoreOptions,
): Promise<BlobStore> {
  const root = path.resolve(dataDir);
  const mediaRoot = path.join(root, 'media');
  const workRoot = scratchDirectory(root, 'work');
  await mkdir(mediaRoot, { recursive: true });

  function fileOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(mediaRoot, key);
  }

  async function newWorkFile(): Promise<string> {
    await mkdir(workRoot, { recursive: true });
    return path.join(workRoot, randomUUID());
  }

  /**
   * Empty folders up to the media root go (an asset's `audio/<id>/`). Best effort: a folder that another write
   * has just filled stays, and placeFile recreates one removed under it.
   */
  async function removeEmptyFolders(folder: string): Promise<void> {
    let current = folder;
    while (current.startsWith(`${mediaRoot}${path.sep}`)) {
      try {
        await rmdir(current);
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') return;
      }
      current = path.dirname(current);
    }
  }

  /** Moves `file` to `target` in one step: a rename, or on another filesystem a copy beside it renamed in. */
  async function placeFile(file: string, target: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(file, target);
        return;
      } catch (error) {
        if (errorCode(error) === 'EXDEV') return placeCopy(file, target);
        // A delete may have removed the emptied folder between mkdir and rename.
        if (errorCode(error) !== 'ENOENT' || attempt === RENAME_ATTEMPTS) throw error;
      }
    }
  }

  /** The copy is a dot file, which no key can name, so a half-written one is never listed or served. */
  async function placeCopy(file: string, target: string): Promise<void> {
    const copy = path.join(path.dirname(target), `.${randomUUID()}.partial`);
    try {
      await copyFile(file, copy, constants.COPYFILE_EXCL);
      await rename(copy, target);
    } catch (error) {
      await rm(copy, { force: true });
      throw error;
    }
    await rm(file, { force: true });
  }

  async function statOf(key: string): Promise<BigIntStats | undefined> {
    try {
      const stats = await stat(fileOf(key), { bigint: true });
      return stats.isFile() ? stats : undefined;
    } catch (error) {
      if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
      throw error;
    }
  }

  async function notFoundOr(error: unknown, key: string): Promise<unknown> {
    return errorCode(error) === 'ENOENT' && !(await statOf(key)) ? new BlobNotFoundError(key) : error;
  }

  return {
    async put(key, source) {
      const target = fileOf(key);
      const file = await newWorkFile();
      try {
        if (Buffer.isBuffer(source)) await writeFile(file, source, { flag: 'wx' });
        else await pipeline(source, createWriteStream(file, { flags: 'wx' }));
        await placeFile(file, target);
      } catch (error) {
        await rm(file, { force: true });
        await removeEmptyFolders(path.dirname(target));
        throw error;
      }
    },

    async putFile(key, file) {
      const target = fileOf(key);
      try {
        await placeFile(file, target);
      } catch (error) {
        await removeEmptyFolders(path.dirname(target));
        throw error;
      }
    },

    async getStream(key, range) {
      let handle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        throw await notFoundOr(error, key);
      }
      try {
        const info = infoOf(await handle.stat({ bigint: true }));
        // The stream owns the handle from here: it closes it when it ends or is destroyed.
        return {
          ...info,
          body: handle.createReadStream(range ? { start: range.start, end: range.end } : {}),
        };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async stat(key) {
      const stats = await statOf(key);
      return stats && infoOf(stats);
    },

    open: (key) => openForReading(fileOf(key)),

    async copyToFile(key, file) {
      const source = fileOf(key);
      try {
        await link(source, file);
        return;
      } catch (error) {
        if (!LINK_UNSUPPORTED.has(errorCode(error) ?? '')) throw await notFoundOr(error, key);
      }
      try {
        await copyFile(source, file, constants.COPYFILE_EXCL);
      } catch (error) {
        throw await notFoundOr(error, key);
      }
    },

    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await removeEmptyFolders(path.dirname(file));
    },

    async *list(prefix) {
      if (!SAFE_PREFIX.test(prefix) || prefix.includes('..'))
        throw new Error(`unsafe storage prefix: ${prefix}`);
      const folder = path.join(mediaRoot, prefix.slice(0, prefix.lastIndexOf('/') + 1));
      let entries;
      try {
        entries = await opendir(folder, { recursive: true });
      } catch (error) {
        if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return;
        throw error;
      }
      for await (const entry of entries) {
        if (!entry.isFile() || entry.name.startsWith('.')) continue;
        const key = path
          .relative(mediaRoot, path.join(entry.parentPath, entry.name))
          .split(path.sep)
          .join('/');
        if (key.startsWith(prefix)) yield key;
      }
    },

    check: () => checkFreeSpace(mediaRoot, options.minFreeBytes, 'The disk under DATA_DIR'),
  };
}

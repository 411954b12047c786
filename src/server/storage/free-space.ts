import { statfs } from 'node:fs/promises';
import type { StorageCheck } from './blob-store';

/**
 * Whether the filesystem holding `directory` has `minFreeBytes` left, with its figures. `what` names the place
 * for an operator ("The disk under DATA_DIR").
 */
export async function checkFreeSpace(
  directory: string,
  minFreeBytes: number,
  what: string,
): Promise<StorageCheck> {
  try {
    const space = await statfs(directory);
    const freeBytes = space.bavail * space.bsize;
    const totalBytes = space.blocks * space.bsize;
    if (freeBytes >= minFreeBytes) return { ok: true, freeBytes, totalBytes };
    return {
      ok: false,
      problem: `${what} is almost full, so uploads cannot be stored.`,
      freeBytes,
      totalBytes,
    };
  } catch (error) {
    return { ok: false, problem: `${what} cannot be read (${(error as NodeJS.ErrnoException).code}).` };
  }
}

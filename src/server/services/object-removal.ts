import { deletePrefix, type BlobStore } from '../storage/blob-store';

/** Stored objects whose rows are already gone: whole folders (an audio asset's) and single keys. */
export interface ObjectsToRemove {
  prefixes: string[];
  keys: string[];
}

/** The delay before the queued retry looks again, by when the removal right after the commit has long finished. */
export const REMOVAL_RETRY_DELAY_MS = 10 * 60_000;

/**
 * Removes every object, carrying on past failures; what could not be removed is returned (for the log and the
 * retry), never thrown, so one unreachable object does not keep the rest.
 */
export async function removeStoredObjects(
  blobs: BlobStore,
  objects: ObjectsToRemove,
): Promise<ObjectsToRemove> {
  const left: ObjectsToRemove = { prefixes: [], keys: [] };
  for (const prefix of objects.prefixes) {
    await deletePrefix(blobs, prefix).catch(() => left.prefixes.push(prefix));
  }
  for (const key of objects.keys) {
    await blobs.delete(key).catch(() => left.keys.push(key));
  }
  return left;
}

/** Job handler: removes what an earlier removal may have left; it throws while anything is left, to be retried. */
export async function removeLeftObjects(blobs: BlobStore, objects: ObjectsToRemove): Promise<'done'> {
  const left = await removeStoredObjects(blobs, objects);
  const count = left.prefixes.length + left.keys.length;
  if (count > 0)
    throw new Error(
      `${count} stored objects could not be removed: ${[...left.prefixes, ...left.keys].slice(0, 5).join(', ')}`,
    );
  return 'done';
}

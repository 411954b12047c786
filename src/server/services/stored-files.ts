import type { Db } from '../db/database';

/** Files already stored for a record that is not yet in the database. */
export interface PreparedFile {
  /** Deletes the stored files when the database write that should have kept them failed. */
  forget(): Promise<void>;
}

/** Writes in one transaction; if it fails, the files already stored for it are removed. */
export async function commitWithFiles<T>(
  db: Db,
  files: Array<PreparedFile | undefined>,
  write: (trx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(write);
  } catch (error) {
    await Promise.all(files.map((file) => file?.forget()));
    throw error;
  }
}

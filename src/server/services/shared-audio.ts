import { SHARE_KEPT_MS } from '@shared/domain/share-target';
import type { Db } from '../db/database';
import { lockUser } from '../db/queries/account-data';
import {
  deleteSharedAudio,
  deleteSharesBefore,
  findSharedAudio,
  keptShareKeys,
  replaceSharedAudio,
} from '../db/queries/shared-audio';
import type { SharedAudioRow } from '../db/schema';
import { newId } from '../ids';
import { readHead, sniffAudioFormat } from '../media/file-formats';
import { BlobNotFoundError, type BlobRead, type BlobStore } from '../storage/blob-store';
import type { ScratchFile } from '../storage/scratch-files';

/** Where shares are stored: `shares/<user id>/<share id>`, all of a person's under one prefix. */
export const sharesPrefixOf = (userId: string) => `shares/${userId}/`;
const SHARES = 'shares/';
const FILE_NAME_MAX_LENGTH = 200;

export interface SharedAudio {
  /**
   * Keeps the file for its person's recorder, in place of any share before it: `not-audio` when its content is not
   * an audio container we read (its name and declared type say nothing).
   */
  keep(userId: string, file: ScratchFile, fileName: string): Promise<'audio' | 'not-audio'>;
  /** The person's share with its bytes, while it is kept; undefined when there is none. */
  read(userId: string): Promise<{ share: SharedAudioRow; bytes: BlobRead } | undefined>;
  /** Lets go of the person's share (taken, or put aside). */
  discard(userId: string): Promise<void>;
  /** Removes shares nobody took within the hour, and stored files no share holds (a keep cut short). */
  sweep(now: number): Promise<number>;
}

/** A name fit to show and to keep: its own last path segment, without control characters, bounded. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, FILE_NAME_MAX_LENGTH);
}

const isKept = (share: SharedAudioRow, now: number) => now - Date.parse(share.shared_at) < SHARE_KEPT_MS;

export function createSharedAudio(db: Db, blobs: BlobStore): SharedAudio {
  const removeStored = (key: string | undefined) => (key ? blobs.delete(key) : Promise.resolve());

  return {
    async keep(userId, file, fileName) {
      const format = sniffAudioFormat(await readHead(file.path));
      if (!format) return 'not-audio';
      const storageKey = `${sharesPrefixOf(userId)}${newId()}`;
      await blobs.putFile(storageKey, file.path, { contentType: format.mime });
      const share = {
        user_id: userId,
        storage_key: storageKey,
        file_name: cleanFileName(fileName),
        content_type: format.mime,
        bytes: file.bytes,
        shared_at: new Date().toISOString(),
      };
      // One keep at a time for a person: shares arriving at once each learn which file they replaced.
      const replaced = await db
        .transaction()
        .execute(async (trx) => {
          await lockUser(trx, userId);
          return replaceSharedAudio(trx, share);
        })
        .catch(async (error: unknown) => {
          await blobs.delete(storageKey);
          throw error;
        });
      await removeStored(replaced);
      return 'audio';
    },

    async read(userId) {
      const share = await findSharedAudio(db, userId);
      if (!share || !isKept(share, Date.now())) return undefined;
      try {
        return { share, bytes: await blobs.getStream(share.storage_key) };
      } catch (error) {
        if (error instanceof BlobNotFoundError) return undefined;
        throw error;
      }
    },

    async discard(userId) {
      const share = await findSharedAudio(db, userId);
      if (!share) return;
      await deleteSharedAudio(db, userId, share.storage_key);
      await removeStored(share.storage_key);
    },

    async sweep(now) {
      const expired = await deleteSharesBefore(db, new Date(now - SHARE_KEPT_MS).toISOString());
      for (const key of expired) await blobs.delete(key);
      // A keep cut short between storing the file and its row leaves a file no row holds: older than the hour, go.
      const stored: string[] = [];
      for await (const key of blobs.list(SHARES)) stored.push(key);
      const held = await keptShareKeys(db, stored);
      let removed = expired.length;
      for (const key of stored.filter((key) => !held.has(key))) {
        const info = await blobs.stat(key);
        if (info && now - info.modifiedAt.getTime() < SHARE_KEPT_MS) continue;
        await blobs.delete(key);
        removed += 1;
      }
      return removed;
    },
  };
}

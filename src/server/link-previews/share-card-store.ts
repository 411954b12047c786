import { BlobNotFoundError, deletePrefix, keysUnder, readBlob, type BlobStore } from '../storage/blob-store';

/**
 * Drawn share cards, kept in the media store so every instance serves the same bytes without drawing them again:
 * `share-cards/<owner id>/<post id>/<version>.png`, all of a person's under one prefix, each post's under another.
 */
export const shareCardsPrefixOf = (userId: string) => `share-cards/${userId}/`;
const postPrefix = (post: CardOwner) => `${shareCardsPrefixOf(post.userId)}${post.id}/`;
const keyOf = (post: CardOwner, version: string) => `${postPrefix(post)}${version}.png`;

/** The post a card is of, and whose it is. */
export interface CardOwner {
  id: string;
  userId: string;
}

export interface ShareCardStore {
  /** The card of this version, or undefined when none is stored. */
  read(post: CardOwner, version: string): Promise<Buffer | undefined>;
  /** Keeps the card of this version, and removes the post's earlier versions. */
  write(post: CardOwner, version: string, png: Buffer): Promise<void>;
  /** Removes every card of the post (it is deleted). */
  removeAll(post: CardOwner): Promise<void>;
  /** Removes every card of the person's posts: they show the name and picture the person just changed. */
  removeAllOf(userId: string): Promise<void>;
}

export function createShareCardStore(blobs: BlobStore): ShareCardStore {
  return {
    async read(post, version) {
      try {
        return await readBlob(blobs, keyOf(post, version));
      } catch (error) {
        if (error instanceof BlobNotFoundError) return undefined;
        throw error;
      }
    },

    async write(post, version, png) {
      const key = keyOf(post, version);
      await blobs.put(key, png, { contentType: 'image/png' });
      for (const stored of await keysUnder(blobs, postPrefix(post))) {
        if (stored !== key) await blobs.delete(stored);
      }
    },

    removeAll: (post) => deletePrefix(blobs, postPrefix(post)),
    removeAllOf: (userId) => deletePrefix(blobs, shareCardsPrefixOf(userId)),
  };
}

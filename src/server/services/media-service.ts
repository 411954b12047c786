import { authorize, authorizeView, notFound } from '../access/guard';
import { blockedWith } from '../access/people';
import type { Actor } from '../access/policy';
import { mediaResource } from '../access/resources';
import type { Db } from '../db/database';
import { findAudioFiles, findImage } from '../db/queries/audio-assets';
import { conversationOfAudio } from '../db/queries/conversations';
import type { StoredMedia } from '../http/media-files';
import { membershipOf } from './conversation-access';

/** `actor` is asked for only when the media is private: most requests, for public media, need no session. */
export type LazyActor = () => Promise<Actor>;

export interface MediaService {
  /** `file` is the last part of the URL: the original or the rendition. */
  audioFile(assetId: string, file: string, actor: LazyActor): Promise<StoredMedia>;
  /** `file` is `<image id>.<extension>`. */
  imageFile(file: string, actor: LazyActor): Promise<StoredMedia>;
}

/** Media answers exactly as the record it belongs to: a private item's files are not there for anyone else. */
export function createMediaService(db: Db): MediaService {
  return {
    async audioFile(assetId, file, actor) {
      const asset = await findAudioFiles(db, assetId);
      if (!asset) throw notFound('audio');
      // A voice message's audio is private, and there for the conversation's current members alone.
      const conversationId = asset.is_private === 1 ? await conversationOfAudio(db, assetId) : undefined;
      const conversation = conversationId && (await membershipOf(db, conversationId));
      if (conversation) {
        // Nobody hears a voice message of someone on the other side of a block from them, in a group too.
        const listener = await actor();
        const blocked = (await blockedWith(db, listener, [asset.owner_id])).has(asset.owner_id);
        authorize(listener, 'view', mediaResource('audio', asset, conversation, blocked));
      } else await authorizeView(actor, mediaResource('audio', asset));
      const stored = [
        { key: asset.original_key, mime: asset.original_mime },
        { key: asset.rendition_key, mime: asset.rendition_mime },
      ].find((candidate) => candidate.key?.endsWith(`/${file}`));
      if (!stored?.key || !stored.mime) throw notFound('audio');
      return { key: stored.key, mime: stored.mime, isPublic: asset.is_private === 0 };
    },

    async imageFile(file, actor) {
      const image = await findImage(db, file.split('.')[0]!);
      if (!image || !image.storage_key.endsWith(`/${file}`)) throw notFound('image');
      await authorizeView(actor, mediaResource('image', image));
      return { key: image.storage_key, mime: image.mime, isPublic: image.is_private === 0 };
    },
  };
}

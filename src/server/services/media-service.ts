import { authorizeView, notFound } from '../access/guard';
import { membershipOf } from '../access/conversations';
import { blockedWith } from '../access/people';
import { can, VISITOR, type Actor, type MediaResource, type PersonResource } from '../access/policy';
import {
  commentResource,
  conversationMessageResource,
  mediaResource,
  personResource,
  postResource,
} from '../access/resources';
import type { Db } from '../db/database';
import { findAudioFiles, findImage, setImageSize } from '../db/queries/audio-assets';
import { commentOfAudio } from '../db/queries/comments';
import { messageOfAudio } from '../db/queries/conversations';
import { postOfMedia } from '../db/queries/posts';
import { findUserById } from '../db/queries/users';
import { findVoiceBio } from '../db/queries/voice-bios';
import type { StoredMedia } from '../http/media-files';

/** `actor` is asked for only when the media is private: most requests, for public media, need no session. */
export type LazyActor = () => Promise<Actor>;

export interface MediaService {
  /** `file` is the last part of the URL: the original or the rendition. */
  audioFile(assetId: string, file: string, actor: LazyActor): Promise<StoredMedia>;
  /** `file` is `<image id>.<extension>`. */
  imageFile(file: string, actor: LazyActor): Promise<StoredImage>;
  /** Keeps the size measured of a picture stored before sizes were kept at upload. */
  rememberImageSize(imageId: string, size: ImageSize): Promise<void>;
}

export interface ImageSize {
  width: number;
  height: number;
}

export interface StoredImage extends StoredMedia {
  imageId: string;
  /** Unknown for a picture stored before sizes were kept, until it is measured. */
  size: ImageSize | undefined;
}

/**
 * The voice message, comment, post, draft or voice bio an audio file belongs to, as the access policy weighs it for
 * `actor`: nobody hears a voice message of someone on the other side of a block from them, in a group too.
 */
async function recordOfAudio(
  db: Db,
  audio: { id: string; owner_id: string },
  actor: LazyActor,
): Promise<MediaResource['record']> {
  const message = await messageOfAudio(db, audio.id);
  if (message) {
    const blocked = await blockedWith(db, await actor(), [message.user_id]);
    return conversationMessageResource(
      message,
      await membershipOf(db, message.conversation_id),
      blocked.has(message.user_id),
    );
  }
  const comment = await commentOfAudio(db, audio.id);
  if (comment) {
    return commentResource(comment, {
      user_id: comment.post_user_id,
      is_draft: comment.is_draft,
      is_private: comment.is_private,
      allow_visitor_comments: comment.allow_visitor_comments,
      is_hidden: comment.post_is_hidden,
    });
  }
  const post = await postOfMedia(db, 'audio_id', audio.id);
  if (post) return postResource(post);
  const bio = await findVoiceBio(db, audio.owner_id);
  return bio?.audio_id === audio.id ? personOwning(db, audio.owner_id) : undefined;
}

/** The post or draft a photo belongs to, or the person whose profile or background picture it is. */
async function recordOfImage(
  db: Db,
  image: { id: string; owner_id: string },
): Promise<MediaResource['record']> {
  const post = await postOfMedia(db, 'image_id', image.id);
  if (post) return postResource(post);
  const owner = await findUserById(db, image.owner_id);
  const pictures = [owner?.profile_image_id, owner?.background_image_id];
  return owner && pictures.includes(image.id) ? personResource(owner) : undefined;
}

async function personOwning(db: Db, userId: string): Promise<PersonResource | undefined> {
  const owner = await findUserById(db, userId);
  return owner && personResource(owner);
}

/** Media answers exactly as the record it belongs to: a private item's files are not there for anyone else. */
export function createMediaService(db: Db): MediaService {
  return {
    async audioFile(assetId, file, actor) {
      const asset = await findAudioFiles(db, assetId);
      if (!asset) throw notFound('audio');
      // Private audio (a voice message's, a hidden or private item's) is heard by whoever may see its record.
      let asked: Promise<Actor> | undefined;
      const askedOnce = () => (asked ??= actor());
      const record =
        asset.is_private === 1 ? await recordOfAudio(db, { id: assetId, ...asset }, askedOnce) : undefined;
      const resource = mediaResource('audio', asset, record);
      await authorizeView(askedOnce, resource);
      const stored = [
        { key: asset.original_key, mime: asset.original_mime },
        { key: asset.rendition_key, mime: asset.rendition_mime },
      ].find((candidate) => candidate.key?.endsWith(`/${file}`));
      if (!stored?.key || !stored.mime) throw notFound('audio');
      return { key: stored.key, mime: stored.mime, isPublic: can(VISITOR, 'view', resource) };
    },

    async imageFile(file, actor) {
      const image = await findImage(db, file.split('.')[0]!);
      if (!image || !image.storage_key.endsWith(`/${file}`)) throw notFound('image');
      const record = image.is_private === 1 ? await recordOfImage(db, image) : undefined;
      const resource = mediaResource('image', image, record);
      await authorizeView(actor, resource);
      const { width, height } = image;
      return {
        key: image.storage_key,
        mime: image.mime,
        isPublic: can(VISITOR, 'view', resource),
        imageId: image.id,
        size: width !== null && height !== null ? { width, height } : undefined,
      };
    },

    rememberImageSize: (imageId, size) => setImageSize(db, imageId, size),
  };
}

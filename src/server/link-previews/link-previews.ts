import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';
import { displayName } from '@shared/domain/display-name';
import { EMBED_SIZE, embedPath, oembedPath } from '@shared/domain/embed';
import { postPagePath, profilePagePath } from '@shared/domain/page-paths';
import { PRODUCT_NAME } from '@shared/domain/product';
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { VISITOR, type Actor } from '../access/policy';
import { NotFoundError } from '../errors';
import type { ImageSize, MediaService } from '../services/media-service';
import type { PostService } from '../services/post-service';
import type { UserService } from '../services/user-service';
import type { BlobStore } from '../storage/blob-store';
import { describeBriefly, type PagePreview } from './preview-head';
import { renderShareCard, SHARE_CARD_DESIGN, SHARE_CARD_SIZE } from './share-card';
import type { ShareCardStore } from './share-card-store';

/** The AAC rendition: what every app that plays an og:audio link can play. */
const PREVIEW_AUDIO_TYPE = 'audio/mp4';
const POSTER_TITLE_LENGTH = 140;
const NAME_LENGTH = 40;

export interface ShareCardImage {
  png: Buffer;
  /** Its version: the address's last part, and a strong ETag. */
  version: string;
  /** Whether a visitor may see the post, so shared caches may keep the image. */
  isPublic: boolean;
}

export interface LinkPreviews {
  /** The post's preview as `viewer` may see it (the post API's rule), or null: the page then has the app's own head. */
  post(viewer: Actor, postId: string, origin: string): Promise<PagePreview | null>;
  /** The image a public post's preview shows (its photo, or its drawn card), with its size when known. */
  publicPostImage(post: Post, origin: string): Promise<PagePreview['image']>;
  /** A person's profile as `viewer` may see it, or null. */
  profile(viewer: Actor, userId: string, origin: string): Promise<PagePreview | null>;
  /**
   * The share image of a post without a photo, for whoever may see the post (404 otherwise, and for a post with a
   * photo). `version` is the one its preview named; another version answers the current one's address instead.
   */
  shareCard(
    viewer: Actor,
    postId: string,
    version: string,
  ): Promise<ShareCardImage | { currentPath: string }>;
}

const cut = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
const fileOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** Everything the drawn card shows, so a new title, name, picture or recording gives it a new address. */
function shareCardVersion(post: Post): string {
  const drawn = [
    SHARE_CARD_DESIGN,
    post.title,
    displayName(post.user),
    post.user.profileImageUrl,
    post.audioUrl,
  ];
  return createHash('sha256').update(JSON.stringify(drawn)).digest('hex').slice(0, 16);
}

export const shareCardPath = (postId: string, version: string) =>
  buildPath(endpoints.shareCard.path, { id: postId, file: `${version}.png` });

function notFound(): NotFoundError {
  return new NotFoundError('This post has no share image, or it is not shared with you.');
}

export function createLinkPreviews(deps: {
  posts: PostService;
  users: UserService;
  media: MediaService;
  blobs: BlobStore;
  shareCards: ShareCardStore;
}): LinkPreviews {
  const { posts, users, media, blobs, shareCards } = deps;

  /** Undefined when the post is not there for `viewer`: the same 404 as its API's, caught here. */
  async function visiblePost(viewer: Actor, postId: string): Promise<Post | undefined> {
    try {
      return await posts.get(viewer.kind === 'user' ? viewer.userId : undefined, postId);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  const readStored = async (key: string) => buffer((await blobs.getStream(key)).body);
  const storedImage = async (viewer: Actor, url: string): Promise<Buffer> =>
    readStored((await media.imageFile(fileOf(url), async () => viewer)).key);

  /** Kept since upload; a picture stored before that is measured once, for every instance. */
  async function imageSize(viewer: Actor, url: string): Promise<ImageSize> {
    const image = await media.imageFile(fileOf(url), async () => viewer);
    if (image.size) return image.size;
    const { width, height } = await sharp(await readStored(image.key)).metadata();
    await media.rememberImageSize(image.imageId, { width, height });
    return { width, height };
  }

  /** Draws the card and stores it for every instance; a post deleted while it was drawn takes it along. */
  async function drawAndKeep(viewer: Actor, post: Post, version: string): Promise<Buffer> {
    const picture = post.user.profileImageUrl
      ? await storedImage(viewer, post.user.profileImageUrl).catch(() => null)
      : null;
    const png = await renderShareCard({
      postId: post.id,
      title: cut(post.title, POSTER_TITLE_LENGTH),
      authorName: cut(displayName(post.user), NAME_LENGTH),
      authorPicture: picture,
      waveform: post.waveformData,
    });
    await shareCards.write(post, version, png);
    if (!(await visiblePost(viewer, post.id))) await shareCards.removeAll(post);
    return png;
  }

  async function postImage(viewer: Actor, post: Post, origin: string): Promise<PagePreview['image']> {
    const alt = `${cut(post.title, POSTER_TITLE_LENGTH)}, by ${displayName(post.user)}`;
    if (post.imageUrl) {
      const size = await imageSize(viewer, post.imageUrl).catch(() => undefined);
      return { url: origin + post.imageUrl, type: 'image/webp', ...size, alt };
    }
    const path = shareCardPath(post.id, shareCardVersion(post));
    return { url: origin + path, type: 'image/png', ...SHARE_CARD_SIZE, alt };
  }

  return {
    async post(viewer, postId, origin) {
      const post = await visiblePost(viewer, postId);
      if (!post) return null;
      const url = origin + postPagePath(post.id);
      const author = displayName(post.user);
      const aac = post.audioSources.find((source) => source.mimeType === PREVIEW_AUDIO_TYPE);
      return {
        title: post.title,
        description: describeBriefly(post.transcription || `A voice post by ${author} on ${PRODUCT_NAME}.`),
        url,
        type: 'article',
        publishedAt: post.createdAt,
        image: await postImage(viewer, post, origin),
        ...(aac && { audio: { url: origin + aac.url, type: aac.mimeType } }),
        player: { url: origin + embedPath(post.id), ...EMBED_SIZE, oembedUrl: origin + oembedPath(url) },
      };
    },

    publicPostImage: (post, origin) => postImage(VISITOR, post, origin),

    async profile(viewer, userId, origin) {
      let person: PublicUser;
      try {
        person = await users.publicProfile(userId, viewer);
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
      const name = displayName(person);
      return {
        title: `${name} (@${person.username})`,
        description: describeBriefly(person.bio || `${name} shares their voice on ${PRODUCT_NAME}.`),
        url: origin + profilePagePath(person.id),
        type: 'profile',
        ...(person.profileImageUrl && {
          image: {
            url: origin + person.profileImageUrl,
            type: 'image/webp',
            ...(await imageSize(viewer, person.profileImageUrl).catch(() => undefined)),
            alt: name,
          },
        }),
      };
    },

    async shareCard(viewer, postId, version) {
      const post = await visiblePost(viewer, postId);
      if (!post || post.imageUrl) throw notFound();
      const current = shareCardVersion(post);
      if (version !== current) return { currentPath: shareCardPath(post.id, current) };
      const isPublic = viewer.kind === 'visitor' || (await visiblePost(VISITOR, postId)) !== undefined;
      const png = (await shareCards.read(post, current)) ?? (await drawAndKeep(viewer, post, current));
      return { png, version: current, isPublic };
    },
  };
}

import { createHash } from 'node:crypto';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { PodcastChapters } from '@shared/contract/podcast';
import type { Chapter, Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';
import { displayName } from '@shared/domain/display-name';
import type { Db } from '../db/database';
import { NotFoundError } from '../errors';
import { renditionBytesOf, setRenditionBytes } from '../db/queries/audio-assets';
import { listPosts, type PostWithMedia } from '../db/queries/posts';
import type { BlobStore } from '../storage/blob-store';
import { imageUrl } from './image-library';
import { parseJsonArray } from './post-presenter';
import type { PostService } from './post-service';
import type { UserService } from './user-service';
import { feedCategory } from './podcast-categories';
import { podcastXml, type FeedChannel, type FeedEpisode } from './podcast-xml';
import type { TranscriptTimes } from './transcript-times';
import { transcriptVtt } from './transcript-vtt';

function isPublicPost(post: Post): boolean {
  return !post.isPrivate && !post.isDraft;
}

/** The newest pods a feed lists: podcast apps fetch the whole feed on every refresh. */
export const FEED_EPISODES = 100;

export interface PodcastFeed {
  xml: string;
  /** A strong validator of the whole document, for conditional GETs. */
  etag: string;
}

/** A document about one post, and whether anyone may fetch it (a public post), so other sites may read it too. */
export interface PostDocument<T> {
  body: T;
  isPublic: boolean;
}

export interface PodcastFeedService {
  /** A person's public pods that podcast apps can play (those with their AAC rendition), newest first. */
  feed(userId: string, origin: string): Promise<PodcastFeed>;
  /** A post's chapters in Podcasting 2.0 JSON, for whoever may see the post. */
  chapters(viewerId: string | undefined, postId: string): Promise<PostDocument<PodcastChapters>>;
  /** A post's transcript as WebVTT, for whoever may see the post; 404 when it has none. */
  transcript(viewerId: string | undefined, postId: string): Promise<PostDocument<string>>;
}

/** Built from the brand mark by scripts/make-app-icons.ts; 1400 px, the least Apple Podcasts takes. */
export const PODCAST_ARTWORK_PATH = '/icons/podcast-artwork.png';

export function createPodcastFeedService(deps: {
  db: Db;
  blobs: BlobStore;
  users: UserService;
  posts: PostService;
  transcripts: Pick<TranscriptTimes, 'transcript'>;
}): PodcastFeedService {
  const { db, blobs } = deps;

  /** Sizes of the renditions, measured from the store (once) for those made before sizes were kept. */
  async function enclosureBytes(rows: PostWithMedia[]): Promise<Map<string, number>> {
    const known = await renditionBytesOf(
      db,
      rows.map((row) => row.audio_id),
    );
    for (const row of rows) {
      if (known.has(row.audio_id) || !row.rendition_key) continue;
      const stored = await blobs.stat(row.rendition_key);
      if (!stored) continue;
      await setRenditionBytes(db, row.audio_id, stored.bytes);
      known.set(row.audio_id, stored.bytes);
    }
    return known;
  }

  function episodeOf(row: PostWithMedia, bytes: number, origin: string): FeedEpisode {
    const file = row.rendition_key!.slice(row.rendition_key!.lastIndexOf('/') + 1);
    const chapters = parseJsonArray<Chapter>(row.chapters_json);
    return {
      guid: row.id,
      title: row.title || 'Untitled pod',
      description: row.transcription ?? '',
      link: `${origin}/posts/${row.id}`,
      publishedAt: new Date(row.created_at),
      durationSeconds: Math.round(row.duration),
      enclosure: {
        url: origin + buildPath(endpoints.mediaAudio.path, { assetId: row.audio_id, file }),
        bytes,
        type: row.rendition_mime!,
      },
      imageUrl: row.image_key ? origin + imageUrl(row.image_key) : null,
      chaptersUrl:
        chapters.length > 0 ? origin + buildPath(endpoints.getPostChaptersJson.path, { id: row.id }) : null,
      transcriptUrl: row.transcription?.trim()
        ? origin + buildPath(endpoints.getPostTranscriptVtt.path, { id: row.id })
        : null,
    };
  }

  function channelOf(person: PublicUser, origin: string, categories: string[]): FeedChannel {
    const name = displayName(person);
    return {
      title: `${name}’s pods`,
      description: person.bio?.trim() || `Pods by ${name} on Earshot.`,
      author: name,
      link: `${origin}/profile/${person.id}`,
      feedUrl: origin + buildPath(endpoints.podcastFeed.path, { id: person.id }),
      imageUrl: new URL(person.profileImageUrl ?? PODCAST_ARTWORK_PATH, origin).href,
      category: feedCategory(categories),
    };
  }

  return {
    async feed(userId, origin) {
      const person = await deps.users.publicProfile(userId);
      const { items } = await listPosts(
        db,
        { kind: 'by-user', userId, type: 'episode', includePrivate: false },
        { limit: FEED_EPISODES },
      );
      const playable = items.filter((row) => row.rendition_key && row.rendition_mime);
      const bytes = await enclosureBytes(playable);
      const episodes = playable.flatMap((row) => {
        const size = bytes.get(row.audio_id);
        return size === undefined ? [] : [episodeOf(row, size, origin)];
      });
      const categories = playable.map((row) => row.category);
      const xml = podcastXml(channelOf(person, origin, categories), episodes);
      return { xml, etag: `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"` };
    },

    async chapters(viewerId, postId) {
      const post: Post = await deps.posts.get(viewerId, postId);
      return {
        body: {
          version: '1.2.0',
          chapters: post.chapters.map((chapter) => ({ startTime: chapter.time, title: chapter.title })),
        },
        isPublic: isPublicPost(post),
      };
    },

    async transcript(viewerId, postId) {
      const post: Post = await deps.posts.get(viewerId, postId);
      if (!post.transcription?.trim()) throw new NotFoundError('This post has no transcript.');
      const words = await deps.transcripts.transcript(viewerId, postId);
      return { body: transcriptVtt(words), isPublic: isPublicPost(post) };
    },
  };
}

import type { AudioSource, Chapter, Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';
import type { PostWithMedia } from '../db/queries/posts';

const fileName = (key: string) => key.slice(key.lastIndexOf('/') + 1);

export function audioSourcesOf(
  audioId: string,
  row: Pick<PostWithMedia, 'original_key' | 'original_mime' | 'rendition_key' | 'rendition_mime'>,
): AudioSource[] {
  const original = {
    url: `/media/audio/${audioId}/${fileName(row.original_key)}`,
    mimeType: row.original_mime,
  };
  if (!row.rendition_key || !row.rendition_mime) return [original];
  return [
    { url: `/media/audio/${audioId}/${fileName(row.rendition_key)}`, mimeType: row.rendition_mime },
    original,
  ];
}

function parseJsonArray<T>(json: string): T[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function toPost(row: PostWithMedia, author: PublicUser): Post {
  const audioSources = audioSourcesOf(row.audio_id, row);
  return {
    id: row.id,
    userId: row.user_id,
    user: author,
    type: row.type,
    isDraft: row.is_draft === 1,
    isPrivate: row.is_private === 1,
    title: row.title,
    category: row.category,
    duration: row.duration,
    audioUrl: audioSources[0]!.url,
    audioSources,
    peaksUrl: `/api/posts/${row.id}/peaks`,
    imageUrl: row.image_key ? `/media/images/${fileName(row.image_key)}` : null,
    waveformData: parseJsonArray<number>(row.waveform_json),
    transcription: row.transcription,
    chapters: parseJsonArray<Chapter>(row.chapters_json),
    affiliateLink: row.affiliate_link,
    affiliateLinkTitle: row.affiliate_link_title,
    allowVisitorComments: row.allow_visitor_comments === 1,
    createdAt: row.created_at,
  };
}

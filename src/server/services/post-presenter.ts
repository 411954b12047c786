import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { AudioSource, Chapter, Post, SpeechRanges } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';
import type { PostWithMedia } from '../db/queries/posts';
import { imageUrl } from './image-library';
import { toPublicUser } from './user-presenter';

const fileName = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** Where one stored file of an audio asset is served. */
export const audioFileUrl = (assetId: string, key: string) =>
  buildPath(endpoints.mediaAudio.path, { assetId, file: fileName(key) });

export function audioSourcesOf(
  audioId: string,
  row: Pick<PostWithMedia, 'original_key' | 'original_mime' | 'rendition_key' | 'rendition_mime'>,
): AudioSource[] {
  const urlOf = (key: string) => audioFileUrl(audioId, key);
  const original = { url: urlOf(row.original_key), mimeType: row.original_mime };
  if (!row.rendition_key || !row.rendition_mime) return [original];
  return [{ url: urlOf(row.rendition_key), mimeType: row.rendition_mime }, original];
}

/** A JSON array stored in a text column, or [] if it is not one. */
export function parseJsonArray<T>(json: string): T[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** A recording's measured speech ranges, or null when not yet measured. */
export const speechRangesOf = (speechJson: string | null): SpeechRanges =>
  speechJson === null ? null : parseJsonArray<[number, number]>(speechJson);

export interface SerializedPage {
  json: string;
  nextCursor: string | null;
}

/** Everything of a post's JSON but its author, waveform and speech, which lists splice in (see `postsJson`). */
function postFields(row: PostWithMedia): Omit<Post, 'user' | 'waveformData' | 'speech'> {
  const audioSources = audioSourcesOf(row.audio_id, row);
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    isDraft: row.is_draft === 1,
    isPrivate: row.is_private === 1,
    title: row.title,
    category: row.category,
    duration: row.duration,
    audioUrl: audioSources[0]!.url,
    audioSources,
    peaksUrl: buildPath(endpoints.getPostPeaks.path, { id: row.id }),
    imageUrl: row.image_key ? imageUrl(row.image_key) : null,
    transcription: row.transcription,
    chapters: parseJsonArray<Chapter>(row.chapters_json),
    affiliateLink: row.affiliate_link,
    affiliateLinkTitle: row.affiliate_link_title,
    allowVisitorComments: row.allow_visitor_comments === 1,
    holdVisitorComments: row.hold_visitor_comments === 1,
    hiddenByModerators: row.is_hidden === 1,
    ...(row.original_url ? { originalUrl: row.original_url } : {}),
    createdAt: row.created_at,
  };
}

function authorOf(row: PostWithMedia): PublicUser {
  return toPublicUser({
    id: row.user_id,
    first_name: row.author_first_name,
    last_name: row.author_last_name,
    username: row.author_username,
    bio: row.author_bio,
    links_json: row.author_links_json,
    profile_image_url: row.author_profile_image_url,
    background_image_url: row.author_background_image_url,
    profile_image_position_x: row.author_profile_image_position_x,
    profile_image_position_y: row.author_profile_image_position_y,
    profile_image_zoom: row.author_profile_image_zoom,
    voice_bio_url: row.author_voice_bio_url,
    location: row.author_location,
    website: row.author_website,
    interests: row.author_interests,
    post_count: row.author_post_count,
    created_at: row.author_created_at,
  });
}

export function toPost(row: PostWithMedia): Post {
  return {
    ...postFields(row),
    user: authorOf(row),
    waveformData: parseJsonArray<number>(row.waveform_json),
    speech: speechRangesOf(row.speech_json),
  };
}

const json = JSON.stringify;

/**
 * A path from `buildPath` as a JSON string: route text and `encodeURIComponent`'s output hold no quote, backslash
 * or control character, so it needs no escaping.
 */
const pathJson = (path: string) => `"${path}"`;

const audioSourceJson = (urlJson: string, mimeType: string) =>
  `{"url":${urlJson},"mimeType":${json(mimeType)}}`;

/**
 * `JSON.stringify(postFields(row))` but its closing brace, printed field by field in the same order: making each
 * post's objects (the post, its sources) only to print them was half of what the presenter cost a feed page.
 */
function openPostFieldsJson(row: PostWithMedia): string {
  const original = pathJson(audioFileUrl(row.audio_id, row.original_key));
  const originalJson = audioSourceJson(original, row.original_mime);
  let audioUrl = original;
  let audioSources = `[${originalJson}]`;
  if (row.rendition_key && row.rendition_mime) {
    audioUrl = pathJson(audioFileUrl(row.audio_id, row.rendition_key));
    audioSources = `[${audioSourceJson(audioUrl, row.rendition_mime)},${originalJson}]`;
  }
  return (
    `{"id":${json(row.id)},"userId":${json(row.user_id)},"type":${json(row.type)},` +
    `"isDraft":${row.is_draft === 1},"isPrivate":${row.is_private === 1},` +
    `"title":${json(row.title)},"category":${json(row.category)},"duration":${json(row.duration)},` +
    `"audioUrl":${audioUrl},"audioSources":${audioSources},` +
    `"peaksUrl":${pathJson(buildPath(endpoints.getPostPeaks.path, { id: row.id }))},` +
    `"imageUrl":${row.image_key ? pathJson(imageUrl(row.image_key)) : 'null'},` +
    `"transcription":${json(row.transcription)},"chapters":${json(parseJsonArray<Chapter>(row.chapters_json))},` +
    `"affiliateLink":${json(row.affiliate_link)},"affiliateLinkTitle":${json(row.affiliate_link_title)},` +
    `"allowVisitorComments":${row.allow_visitor_comments === 1},` +
    `"holdVisitorComments":${row.hold_visitor_comments === 1},"hiddenByModerators":${row.is_hidden === 1},` +
    (row.original_url ? `"originalUrl":${json(row.original_url)},` : '') +
    `"createdAt":${json(row.created_at)}`
  );
}

/**
 * The JSON of `toPost` for every row, as one string. Each stored waveform and speech (our own `JSON.stringify` of
 * numbers) goes in as it is, and each author is printed once: parsing and re-printing those was most of the
 * cost of a feed page. `extraOf` adds fields of a row's own (a search result's `match`).
 */
export function postsJson<Row extends PostWithMedia>(
  rows: Row[],
  extraOf?: (row: Row) => object | undefined,
): string {
  const authorJson = new Map<string, string>();
  const posts = rows.map((row) => {
    let author = authorJson.get(row.user_id);
    if (author === undefined) {
      author = json(authorOf(row));
      authorJson.set(row.user_id, author);
    }
    const extra = extraOf?.(row);
    const extraFields = extra ? `,${json(extra).slice(1, -1)}` : '';
    const speech = row.speech_json ?? 'null';
    return `${openPostFieldsJson(row)},"user":${author},"waveformData":${row.waveform_json},"speech":${speech}${extraFields}}`;
  });
  return `[${posts.join(',')}]`;
}

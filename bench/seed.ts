import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Db } from '../src/server/db/database';
import type { AudioAssetsTable, ImagesTable, PostsTable, UsersTable } from '../src/server/db/schema';
import type { BlobStore } from '../src/server/storage/blob-store';
import type { Insertable } from 'kysely';

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same shape of data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = ['Ada', 'Bruno', 'Chloé', 'Dev', 'Emeka', 'Fatima', 'Gus', 'Hana', 'Ivo', 'Jun'];
const LAST_NAMES = ['Okafor', 'Lindqvist', 'Moreau', 'Patel', 'Nakamura', 'Silva', 'Kowalski', 'Haddad'];
const CATEGORIES = ['General', 'Music', 'Stories', 'Tech', 'Comedy', 'News', 'Language', 'Personal'];
const TITLE_WORDS = [
  'Morning',
  'walk',
  'thoughts',
  'on',
  'the',
  'new',
  'album',
  'quick',
  'update',
  'rainy',
  'day',
];

const round3 = (value: number) => Math.round(value * 1000) / 1000;

export interface SeededFeed {
  userIds: string[];
  posts: number;
  publicPosts: number;
}

/**
 * Users and posts written straight through Kysely: realistic rows (100-bar waveform, high-resolution peaks at 20
 * per second, most with a rendition, some with an image), about 85 % public, the rest private posts and diary
 * drafts, spread over a year. No audio files: the feed never opens them.
 */
export async function seedFeed(db: Db, options: { users: number; posts: number }): Promise<SeededFeed> {
  const next = random(20261121);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const year = 365 * 24 * 3600 * 1000;
  const now = Date.now();

  const users: Insertable<UsersTable>[] = Array.from({ length: options.users }, (_, index) => ({
    id: randomUUID(),
    email: `bench-${index}@example.com`,
    // Never signed in to: the viewer registers through the API instead.
    password_hash: 'bench-user-without-password',
    first_name: pick(FIRST_NAMES),
    last_name: pick(LAST_NAMES),
    username: `bench_user_${index}`,
    bio: 'Talking about whatever is on my mind this week.',
    location: 'Lisbon',
    created_at: new Date(now - year - index * 1000).toISOString(),
  }));

  let publicPosts = 0;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(users).execute();
    const batchSize = 400;
    for (let first = 0; first < options.posts; first += batchSize) {
      const assets: Insertable<AudioAssetsTable>[] = [];
      const images: Insertable<ImagesTable>[] = [];
      const posts: Insertable<PostsTable>[] = [];
      for (let index = first; index < Math.min(options.posts, first + batchSize); index += 1) {
        const owner = users[Math.floor(next() ** 1.5 * users.length)]!.id;
        const kind = next();
        const isDiary = kind > 0.93;
        const isPrivate = isDiary || kind > 0.85;
        if (!isPrivate) publicPosts += 1;
        const createdAt = new Date(now - Math.floor(next() * year)).toISOString();
        const duration = round3(5 + 175 * next() ** 2);
        const assetId = randomUUID();
        const waveform = Array.from({ length: 100 }, () => round3(0.1 + 0.9 * next()));
        const peaks = Array.from({ length: Math.ceil(duration * 20) }, () => round3(next()));
        const hasRendition = next() < 0.9;
        assets.push({
          id: assetId,
          owner_id: owner,
          is_private: isPrivate ? 1 : 0,
          original_key: `audio/${assetId}/original.webm`,
          original_mime: 'audio/webm',
          original_bytes: Math.round(duration * 8000),
          rendition_key: hasRendition ? `audio/${assetId}/speech.m4a` : null,
          rendition_mime: hasRendition ? 'audio/mp4' : null,
          duration,
          waveform_json: JSON.stringify(waveform.map((value, bar) => (bar === 40 ? 1 : value))),
          peaks_json: JSON.stringify(peaks),
          peaks_per_second: 20,
          loudness_lufs: round3(-30 + 15 * next()),
          created_at: createdAt,
        });
        let imageId: string | null = null;
        if (next() < 0.1) {
          imageId = randomUUID();
          images.push({
            id: imageId,
            owner_id: owner,
            is_private: isPrivate ? 1 : 0,
            storage_key: `images/${imageId}.jpg`,
            mime: 'image/jpeg',
            bytes: 180_000,
            created_at: createdAt,
          });
        }
        const words = Array.from({ length: 2 + Math.floor(next() * 4) }, () => pick(TITLE_WORDS));
        posts.push({
          id: randomUUID(),
          user_id: owner,
          type: isDiary ? 'diary' : next() < 0.06 ? 'episode' : 'post',
          is_draft: isDiary ? 1 : 0,
          is_private: isPrivate ? 1 : 0,
          title: words.join(' '),
          category: isDiary ? 'Personal' : pick(CATEGORIES),
          transcription: next() < 0.3 ? 'A few words about what this recording is about.' : null,
          affiliate_link: null,
          affiliate_link_title: null,
          audio_id: assetId,
          image_id: imageId,
          created_at: createdAt,
          updated_at: createdAt,
        });
      }
      await trx.insertInto('audio_assets').values(assets).execute();
      if (images.length) await trx.insertInto('images').values(images).execute();
      await trx.insertInto('posts').values(posts).execute();
    }
  });
  return { userIds: users.map((user) => user.id), posts: options.posts, publicPosts };
}

export interface ServedAudio {
  assetId: string;
  /** The storage key, which is also the path under DATA_DIR/media that @fastify/static serves. */
  key: string;
  fileName: string;
  bytes: number;
  seconds: number;
}

/**
 * A real file stored as a public post's audio, newer than every seeded post, for the media route: the same bytes
 * under the same key in every store given (the disk, a bucket), and one set of rows pointing at them.
 */
export async function seedPublicAudio(
  db: Db,
  stores: BlobStore[],
  ownerId: string,
  source: { file: string; seconds: number },
): Promise<ServedAudio> {
  const { seconds } = source;
  const assetId = randomUUID();
  const fileName = 'speech.m4a';
  const key = `audio/${assetId}/${fileName}`;
  const sizes = new Set<number | undefined>();
  for (const store of stores) {
    await store.put(key, createReadStream(source.file), { contentType: 'audio/mp4' });
    sizes.add((await store.stat(key))?.bytes);
  }
  const [size] = sizes;
  if (sizes.size !== 1 || size === undefined) throw new Error(`the stores disagree on ${key}: ${[...sizes]}`);
  const createdAt = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('audio_assets')
      .values({
        id: assetId,
        owner_id: ownerId,
        is_private: 0,
        original_key: `audio/${assetId}/original.webm`,
        original_mime: 'audio/webm',
        original_bytes: size,
        rendition_key: key,
        rendition_mime: 'audio/mp4',
        duration: seconds,
        waveform_json: JSON.stringify(
          Array.from({ length: 100 }, (_, bar) => round3(0.2 + 0.8 * Math.abs(Math.sin(bar)))),
        ),
        // As the pipeline stores them: 20 peaks a second, which the media route's row lookup reads too.
        peaks_json: JSON.stringify(
          Array.from({ length: seconds * 20 }, (_, index) => round3(Math.abs(Math.sin(index / 7)))),
        ),
        peaks_per_second: 20,
        loudness_lufs: -16,
        created_at: createdAt,
      })
      .execute();
    await trx
      .insertInto('posts')
      .values({
        id: randomUUID(),
        user_id: ownerId,
        type: 'post',
        is_draft: 0,
        is_private: 0,
        title: 'The file the media bench serves',
        category: 'General',
        transcription: null,
        affiliate_link: null,
        affiliate_link_title: null,
        audio_id: assetId,
        image_id: null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
  });
  return { assetId, key, fileName, bytes: size, seconds };
}

import type { Insertable, Updateable } from 'kysely';
import type { DatabaseConfig } from '../../config';
import type { Db } from '../database';
import { forUpdate } from '../dialect';
import { byCreation, newestFirstPage, type Page, type PageRequest } from '../pagination';
import type { PostsTable } from '../schema';

/** A post with what its JSON needs from its audio, image and author, in one query. */
function postsWithMedia(db: Db) {
  return db
    .selectFrom('posts')
    .innerJoin('audio_assets', 'audio_assets.id', 'posts.audio_id')
    .leftJoin('images', 'images.id', 'posts.image_id')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .selectAll('posts')
    .select([
      'audio_assets.duration',
      'audio_assets.waveform_json',
      'audio_assets.original_key',
      'audio_assets.original_mime',
      'audio_assets.rendition_key',
      'audio_assets.rendition_mime',
      'images.storage_key as image_key',
      'users.first_name as author_first_name',
      'users.last_name as author_last_name',
      'users.username as author_username',
      'users.bio as author_bio',
      'users.links_json as author_links_json',
      'users.profile_image_url as author_profile_image_url',
      'users.background_image_url as author_background_image_url',
      'users.profile_image_offset_x as author_profile_image_offset_x',
      'users.profile_image_offset_y as author_profile_image_offset_y',
      'users.voice_bio_url as author_voice_bio_url',
      'users.location as author_location',
      'users.website as author_website',
      'users.interests as author_interests',
      'users.post_count as author_post_count',
      'users.created_at as author_created_at',
    ]);
}

export type PostWithMedia = Awaited<ReturnType<ReturnType<typeof postsWithMedia>['executeTakeFirstOrThrow']>>;

export function findPostWithMedia(db: Db, id: string): Promise<PostWithMedia | undefined> {
  return postsWithMedia(db).where('posts.id', '=', id).executeTakeFirst();
}

export function findPost(db: Db, id: string) {
  return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inside a transaction: no comment, reaction or other row pointing at the post can be added until it ends. */
export async function lockPost(db: Db, kind: DatabaseConfig['kind'], id: string): Promise<void> {
  await forUpdate(kind, db.selectFrom('posts').select('id').where('id', '=', id)).execute();
}

export async function insertPost(db: Db, post: Insertable<PostsTable>): Promise<void> {
  await db.insertInto('posts').values(post).execute();
}

export async function updatePost(db: Db, id: string, changes: Updateable<PostsTable>): Promise<void> {
  await db.updateTable('posts').set(changes).where('id', '=', id).execute();
}

export async function deletePost(db: Db, id: string): Promise<void> {
  await db.deleteFrom('posts').where('id', '=', id).execute();
}

export type PostListFilter =
  | { kind: 'public' }
  | { kind: 'public-or-own'; viewerId: string }
  | { kind: 'by-user'; userId: string; includePrivate: boolean }
  | { kind: 'drafts-of'; userId: string };

/** Newest first, keyset-paginated on (created_at, id); each filter has an index that leads with its equality columns. */
export async function listPosts(
  db: Db,
  filter: PostListFilter,
  page: PageRequest,
): Promise<Page<PostWithMedia>> {
  let query = postsWithMedia(db);
  switch (filter.kind) {
    case 'public':
      query = query
        .where('posts.is_private', '=', 0)
        .where('posts.is_draft', '=', 0)
        .where('posts.type', 'in', ['post', 'episode']);
      break;
    case 'public-or-own':
      query = query.where((eb) =>
        eb.or([
          eb.and([eb('posts.is_private', '=', 0), eb('posts.is_draft', '=', 0)]),
          eb('posts.user_id', '=', filter.viewerId),
        ]),
      );
      break;
    case 'by-user':
      query = query.where('posts.user_id', '=', filter.userId);
      if (!filter.includePrivate)
        query = query.where('posts.is_private', '=', 0).where('posts.is_draft', '=', 0);
      break;
    case 'drafts-of':
      query = query.where('posts.user_id', '=', filter.userId).where('posts.is_draft', '=', 1);
      break;
  }
  return newestFirstPage(query, { createdAt: 'posts.created_at', id: 'posts.id' }, page, byCreation);
}

/** Keeps users.post_count in step when a public, published post comes or goes. */
export async function adjustPostCount(db: Db, userId: string, delta: 1 | -1): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ post_count: eb('post_count', '+', delta) }))
    .where('id', '=', userId)
    .execute();
}

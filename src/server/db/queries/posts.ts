import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { PostType } from '@shared/domain/posts';
import type { Db } from '../database';
import { forUpdate } from '../dialect';
import { compiledPerShape } from '../compiled-query';
import {
  byCreation,
  decodeCursor,
  newestFirstAfter,
  newestFirstPage,
  newestPageOf,
  type Cursor,
  type Page,
  type PageRequest,
} from '../pagination';
import type { Database, PostsTable } from '../schema';
import { PLAYABLE_AUDIO_COLUMNS } from './audio-assets';
import { trendingPoint } from '../trending-score';
import { fullTextSearch } from '../search';
import { withoutHidden } from './safety';
import { isRealPerson } from './users';

/** A post with what its JSON needs from its audio, image and author, in one query. */
export function postsWithMedia(db: Db) {
  let query = postsWithMediaOf.get(db);
  if (!query) {
    query = joinedPostsWithMedia(db);
    postsWithMediaOf.set(db, query);
  }
  return query;
}

/**
 * Query builders never change once made (each call returns a new one), so each database handle keeps its joined
 * select list of 30 columns: parsing it again was a fifth of the feed query's building.
 */
const postsWithMediaOf = new WeakMap<Db, ReturnType<typeof joinedPostsWithMedia>>();

function joinedPostsWithMedia(db: Db) {
  return db
    .selectFrom('posts')
    .innerJoin('audio_assets', 'audio_assets.id', 'posts.audio_id')
    .leftJoin('images', 'images.id', 'posts.image_id')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .selectAll('posts')
    .select([
      ...PLAYABLE_AUDIO_COLUMNS,
      'images.storage_key as image_key',
      'users.first_name as author_first_name',
      'users.last_name as author_last_name',
      'users.username as author_username',
      'users.bio as author_bio',
      'users.links_json as author_links_json',
      'users.profile_image_url as author_profile_image_url',
      'users.background_image_url as author_background_image_url',
      'users.profile_image_position_x as author_profile_image_position_x',
      'users.profile_image_position_y as author_profile_image_position_y',
      'users.profile_image_zoom as author_profile_image_zoom',
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

/** The post or draft whose audio (`audio_id`) or photo (`image_id`) this is: what decides who may see it. */
export function postOfMedia(db: Db, column: 'audio_id' | 'image_id', mediaId: string) {
  return db
    .selectFrom('posts')
    .select(['user_id', 'is_draft', 'is_private', 'allow_visitor_comments', 'is_hidden'])
    .where(column, '=', mediaId)
    .executeTakeFirst();
}

/** Inside a transaction: no comment, reaction or other row pointing at the post can be added until it ends. */
export async function lockPost(db: Db, id: string): Promise<void> {
  await forUpdate(db, db.selectFrom('posts').select('id').where('id', '=', id)).execute();
}

/** A new post, its trending score starting at the moment it was made (queries/trending.ts). */
export async function insertPost(db: Db, post: Insertable<PostsTable>): Promise<void> {
  await db
    .insertInto('posts')
    .values({ ...post, trending_score: trendingPoint('publish', post.created_at) })
    .execute();
}

export async function updatePost(db: Db, id: string, changes: Updateable<PostsTable>): Promise<void> {
  await db.updateTable('posts').set(changes).where('id', '=', id).execute();
}

/**
 * A draft made a post (public or private) at `at`: from then on it is new, in the lists, in trending and in search
 * (which ranks its newest matches, by their search key: see FullTextSearch.rekey).
 */
export async function publishDraftRow(
  db: Db,
  id: string,
  at: string,
  changes: Omit<Updateable<PostsTable>, 'is_draft' | 'created_at' | 'updated_at' | 'trending_score'>,
): Promise<void> {
  const result = await db
    .updateTable('posts')
    .set({
      ...changes,
      is_draft: 0,
      created_at: at,
      updated_at: at,
      trending_score: trendingPoint('publish', at),
    })
    .where('id', '=', id)
    .where('is_draft', '=', 1)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) await fullTextSearch(db).rekey(db, id);
}

export async function deletePost(db: Db, id: string): Promise<void> {
  await db.deleteFrom('posts').where('id', '=', id).execute();
}

export type PostListFilter =
  | { kind: 'public' }
  | { kind: 'public-or-own'; viewerId: string }
  | { kind: 'by-user'; userId: string; includePrivate: boolean; type?: PostType; category?: string }
  | { kind: 'drafts-of'; userId: string };

const byNewest = { createdAt: 'posts.created_at', id: 'posts.id' } as const;

/**
 * The `view` rule of access/policy.ts for a visitor, as SQL, so lists filter in the index: the two must agree (the
 * access table test checks every list against it). A post hidden by moderators is rare, so `is_hidden` is checked
 * on each row the index gives rather than in it (migration 20261125T0300).
 */
export const isPublished = (eb: ExpressionBuilder<Database, 'posts'>) =>
  eb.and([eb('posts.is_private', '=', 0), eb('posts.is_draft', '=', 0), eb('posts.is_hidden', '=', 0)]);

/**
 * The same rule, checked on each row rather than looked up in an index (a unary plus hides a column from the
 * planner): a filtered list reads its filter's index in order. Given the published columns as well, SQLite took
 * posts_user_published_newest instead and walked all of the person's posts to find a few episodes.
 */
const isPublishedRow = (eb: ExpressionBuilder<Database, 'posts'>) =>
  eb.and([
    eb(sql<number>`+${sql.ref('posts.is_private')}`, '=', 0),
    eb(sql<number>`+${sql.ref('posts.is_draft')}`, '=', 0),
    eb('posts.is_hidden', '=', 0),
  ]);

/**
 * The ids of the next page of the viewer's own posts and of the next page of everyone's published ones (never a
 * bot's or test account's: those go before the page is cut, so no page comes back short). Each side
 * is read in order from its own index; an OR of the two has no index order, and SQLite sorted every match.
 */
function publishedOrOwnIds(db: Db, viewerId: string, after: Cursor | undefined, limit: number) {
  const ids = () => db.selectFrom('posts').select('posts.id');
  const byRealPeople = ids().innerJoin('users', 'users.id', 'posts.user_id').where(isRealPerson);
  const others = withoutHidden(
    db,
    byRealPeople.where(isPublished),
    'posts.user_id',
    viewerId,
    'blocks-and-mutes',
  );
  const published = newestFirstAfter(others, byNewest, after, limit);
  const own = newestFirstAfter(ids().where('posts.user_id', '=', viewerId), byNewest, after, limit);
  return db
    .selectFrom(published.as('published'))
    .select('published.id')
    .unionAll(db.selectFrom(own.as('own')).select('own.id'));
}

/** Everyone's published posts and episodes (no bot's or test account's), without those hidden from the viewer. */
function publicPosts(db: Db, viewerId: string | undefined) {
  return withoutHidden(db, postsWithMedia(db), 'posts.user_id', viewerId, 'blocks-and-mutes')
    .where(isPublished)
    .where(isRealPerson)
    .where('posts.type', 'in', ['post', 'episode']);
}

type EveryonesShape = { kind: 'public' | 'public-or-own'; signedIn: boolean; limit: number; later: boolean };
type EveryonesValues = { viewerId?: string; afterCreatedAt?: string; afterId?: string };

/**
 * The feed (`public`) and everyone's posts (`public-or-own`) are what most requests ask for, so their queries are
 * compiled once per list, visitor or signed in, page size and first or later page, binding the viewer and cursor.
 */
const everyonesRows = compiledPerShape<EveryonesShape, EveryonesValues, PostWithMedia>(
  ({ kind, signedIn, limit, later }) => `${kind} ${signedIn} ${limit} ${later}`,
  (db, { kind, signedIn, limit, later }, { viewerId, afterCreatedAt, afterId }) => {
    const after = later ? { createdAt: afterCreatedAt, id: afterId } : undefined;
    const query =
      kind === 'public'
        ? publicPosts(db, signedIn ? viewerId : undefined)
        : postsWithMedia(db).where('posts.id', 'in', publishedOrOwnIds(db, viewerId, after, limit));
    return newestFirstAfter(query, byNewest, after, limit);
  },
);

async function everyonesPage(
  db: Db,
  kind: EveryonesShape['kind'],
  viewerId: string | undefined,
  page: PageRequest,
): Promise<Page<PostWithMedia>> {
  const after = decodeCursor(page.cursor);
  const rows = await everyonesRows(
    db,
    { kind, signedIn: viewerId !== undefined, limit: page.limit, later: after !== undefined },
    { viewerId, afterCreatedAt: after?.createdAt, afterId: after?.id },
  );
  return newestPageOf(rows, page.limit, byCreation);
}

/**
 * Newest first, keyset-paginated on (created_at, id); each filter has an index that leads with its equality columns.
 * A signed-in `viewerId` sees nothing of the people they block or who block them, and the feed and everyone's
 * posts leave out the people they mute too; a muted person's own profile still shows their posts.
 */
export async function listPosts(
  db: Db,
  filter: PostListFilter,
  page: PageRequest,
  viewerId?: string,
): Promise<Page<PostWithMedia>> {
  let query = postsWithMedia(db);
  switch (filter.kind) {
    case 'public':
      return everyonesPage(db, 'public', viewerId, page);
    case 'public-or-own':
      return everyonesPage(db, 'public-or-own', filter.viewerId, page);
    case 'by-user':
      // Diary entries are always private: nobody else has any to walk through.
      if (!filter.includePrivate && filter.type === 'diary') return { items: [], nextCursor: null };
      query = query.where('posts.user_id', '=', filter.userId);
      if (filter.type) query = query.where('posts.type', '=', filter.type);
      if (filter.category) query = query.where('posts.category', '=', filter.category);
      if (!filter.includePrivate)
        query = query.where(filter.type || filter.category ? isPublishedRow : isPublished);
      query = withoutHidden(db, query, 'posts.user_id', viewerId, 'blocks');
      break;
    case 'drafts-of':
      query = query.where('posts.user_id', '=', filter.userId).where('posts.is_draft', '=', 1);
      break;
  }
  return newestFirstPage(query, byNewest, page, byCreation);
}

/** Keeps users.post_count in step when a public, published post comes or goes. */
export async function adjustPostCount(db: Db, userId: string, delta: 1 | -1): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ post_count: eb('post_count', '+', delta) }))
    .where('id', '=', userId)
    .execute();
}

/** Gives the post new audio (and other changes) unless its audio changed since `expectedAudioId`; false then. */
export async function replacePostAudio(
  db: Db,
  id: string,
  expectedAudioId: string,
  changes: Updateable<PostsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set(changes)
    .where('id', '=', id)
    .where('audio_id', '=', expectedAudioId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

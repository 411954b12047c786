import { AUDIO_DURATION_LIMITS } from '@shared/domain/audio-limits';
import {
  postUploadFieldsSchema,
  type Chapter,
  type Post,
  type PostUploadFields,
} from '@shared/contract/posts';
import type { Insertable, Updateable } from 'kysely';
import type { DatabaseConfig } from '../config';
import type { Db } from '../db/database';
import { deleteAudioAsset, deleteImage, findAudioAsset, findImage } from '../db/queries/audio-assets';
import { markAutosavePublished } from '../db/queries/autosave';
import { commentAudioOfPost } from '../db/queries/comments';
import {
  adjustPostCount,
  deletePost,
  findPostWithMedia,
  insertPost,
  lockPost,
  listPosts,
  updatePost,
  type PostListFilter,
} from '../db/queries/posts';
import type { PostRow, PostsTable } from '../db/schema';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../errors';
import type { JobQueue } from '../jobs/job-queue';
import type { TempBlob } from '../storage/blob-store';
import type { AudioLibrary, PreparedAudio } from './audio-library';
import type { ImageLibrary, PreparedImage } from './image-library';
import { postsJson, toPost, type SerializedPage } from './post-presenter';
import { findVisiblePost, isVisibleTo, POST_NOT_FOUND_MESSAGE } from './post-visibility';
import { newId } from '../ids';

export interface PostUpload {
  fields: Record<string, string>;
  files: { audio?: TempBlob; photo?: TempBlob };
}

export type PostListKind = 'feed' | 'all' | { userId: string } | 'drafts';

export interface PostService {
  /** POST /api/posts and /api/diary: a new post, episode or (private) diary draft. */
  create(userId: string, upload: PostUpload, asDiary: boolean): Promise<Post>;
  /** Appends the uploaded audio to the post's audio; its other fields change where the upload names them. */
  extend(
    userId: string,
    postId: string,
    upload: PostUpload,
    options?: { draftsOnly?: boolean },
  ): Promise<Post>;
  /** Replaces a draft's audio and fields (the drafts screen's editor saves the whole edited recording). */
  replaceDraft(userId: string, draftId: string, upload: PostUpload): Promise<Post>;
  /** The owner's chapter list, times clamped to the recording (spec §5 Chapters), in time order. */
  updateChapters(userId: string, postId: string, chapters: Chapter[]): Promise<Post>;
  get(viewerId: string | undefined, postId: string): Promise<Post>;
  peaks(viewerId: string | undefined, postId: string): Promise<{ peaksPerSecond: number; peaks: number[] }>;
  /** One page of posts, already as the JSON array the API answers with. */
  list(
    viewerId: string,
    kind: PostListKind,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<SerializedPage>;
  delete(userId: string, postId: string, options?: { draftsOnly?: boolean }): Promise<void>;
  /**
   * Keeps a recording recovered from autosave as a draft and closes its session, in one transaction. False (and
   * nothing kept) when the session was closed meanwhile: published by its owner, or recovered by another run.
   */
  insertRecovered(
    row: Insertable<PostsTable>,
    audio: PreparedAudio,
    sessionKey: { userId: string; sessionId: string },
  ): Promise<boolean>;
}

function parseFields(fields: Record<string, string>): PostUploadFields {
  const parsed = postUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues.map((issue) => issue.message).join(' '));
  return parsed.data;
}

function requireAudio(upload: PostUpload): TempBlob {
  if (!upload.files.audio) throw new BadRequestError('Attach the recording as a file field named "audio".');
  return upload.files.audio;
}

/** The fields an edit changes: only those the upload actually sent. */
function editedFields(raw: Record<string, string>, fields: PostUploadFields): Updateable<PostsTable> {
  const changes: Updateable<PostsTable> = {};
  if ('title' in raw) changes.title = fields.title;
  if ('category' in raw) changes.category = fields.category;
  if ('transcription' in raw) changes.transcription = fields.transcription ?? null;
  if ('affiliateLink' in raw) changes.affiliate_link = fields.affiliateLink ?? null;
  if ('affiliateLinkTitle' in raw) changes.affiliate_link_title = fields.affiliateLinkTitle ?? null;
  if ('allowVisitorComments' in raw) changes.allow_visitor_comments = fields.allowVisitorComments ? 1 : 0;
  return changes;
}

class SessionAlreadyClosed extends Error {}

export function createPostService(deps: {
  db: Db;
  databaseKind: DatabaseConfig['kind'];
  audio: AudioLibrary;
  images: ImageLibrary;
  jobs: JobQueue;
}): PostService {
  const { db, databaseKind, audio, images, jobs } = deps;

  async function presentOne(postId: string): Promise<Post> {
    const row = await findPostWithMedia(db, postId);
    if (!row) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
    return toPost(row);
  }

  /** The post, if `userId` may change it: others get 404 for what they cannot see and 403 for what they can. */
  async function ownedPost(userId: string, postId: string, draftsOnly: boolean): Promise<PostRow> {
    const post = await findVisiblePost(db, userId, postId);
    if (draftsOnly && post.is_draft !== 1) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
    if (post.user_id !== userId) throw new ForbiddenError('Only the author can change this post.');
    return post;
  }

  /** Writes in one transaction; if it fails, the files already stored for it are removed. */
  async function commit(
    prepared: Array<PreparedAudio | PreparedImage | undefined>,
    write: (trx: Db) => Promise<void>,
  ) {
    try {
      await db.transaction().execute(write);
    } catch (error) {
      await Promise.all(prepared.map((item) => item?.forget()));
      throw error;
    }
  }

  /** Puts `next` in place of the post's audio; the autosave session of the takes it holds is closed with it. */
  async function swapAudio(
    post: PostRow,
    next: PreparedAudio,
    changes: Updateable<PostsTable>,
    sessionId: string | undefined,
  ): Promise<void> {
    const previous = await findAudioAsset(db, post.audio_id);
    const now = new Date().toISOString();
    await commit([next], async (trx) => {
      await audio.insert(trx, next);
      const result = await trx
        .updateTable('posts')
        .set({ ...changes, audio_id: next.row.id, updated_at: now })
        .where('id', '=', post.id)
        .where('audio_id', '=', post.audio_id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        throw new ConflictError('This recording changed while you were saving. Reload it and try again.');
      }
      await deleteAudioAsset(trx, post.audio_id);
      await jobs.enqueue(
        'media.render-speech',
        { assetId: next.row.id },
        { uniqueKey: `render:${next.row.id}`, db: trx },
      );
      if (sessionId) await markAutosavePublished(trx, post.user_id, sessionId, now);
    });
    if (previous) await audio.deleteFiles(previous);
  }

  return {
    async create(userId, upload, asDiary) {
      const fields = parseFields(upload.fields);
      const audioUpload = requireAudio(upload);
      const isDiary = asDiary || fields.isDiary;
      const isPrivate = isDiary || fields.isPrivate;
      const preparedAudio = await audio.prepare(audioUpload, userId, isPrivate, AUDIO_DURATION_LIMITS.post);
      let preparedImage: PreparedImage | undefined;
      try {
        if (upload.files.photo) preparedImage = await images.prepare(upload.files.photo, userId, isPrivate);
      } catch (error) {
        await preparedAudio.forget();
        throw error;
      }
      const now = new Date().toISOString();
      const postId = newId();
      await commit([preparedAudio, preparedImage], async (trx) => {
        await audio.insert(trx, preparedAudio);
        if (preparedImage) await images.insert(trx, preparedImage);
        await insertPost(trx, {
          id: postId,
          user_id: userId,
          type: isDiary ? 'diary' : fields.type,
          is_draft: isDiary ? 1 : 0,
          is_private: isPrivate ? 1 : 0,
          title: fields.title,
          category: fields.category,
          transcription: fields.transcription ?? null,
          affiliate_link: isDiary ? null : (fields.affiliateLink ?? null),
          affiliate_link_title: isDiary ? null : (fields.affiliateLinkTitle ?? null),
          audio_id: preparedAudio.row.id,
          image_id: preparedImage?.row.id ?? null,
          allow_visitor_comments: !isPrivate && fields.allowVisitorComments ? 1 : 0,
          created_at: now,
          updated_at: now,
        });
        await jobs.enqueue(
          'media.render-speech',
          { assetId: preparedAudio.row.id },
          { uniqueKey: `render:${preparedAudio.row.id}`, db: trx },
        );
        if (!isPrivate && !isDiary) await adjustPostCount(trx, userId, 1);
        if (fields.sessionId) await markAutosavePublished(trx, userId, fields.sessionId, now);
      });
      return presentOne(postId);
    },

    async extend(userId, postId, upload, options = {}) {
      const fields = parseFields(upload.fields);
      const post = await ownedPost(userId, postId, options.draftsOnly ?? false);
      const existing = await findAudioAsset(db, post.audio_id);
      if (!existing) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
      const joined = await audio.prepareJoined(
        existing,
        requireAudio(upload),
        userId,
        post.is_private === 1,
        AUDIO_DURATION_LIMITS.post,
      );
      await swapAudio(post, joined, editedFields(upload.fields, fields), fields.sessionId);
      return presentOne(post.id);
    },

    async replaceDraft(userId, draftId, upload) {
      const fields = parseFields(upload.fields);
      const post = await ownedPost(userId, draftId, true);
      const replacement = await audio.prepare(requireAudio(upload), userId, true, AUDIO_DURATION_LIMITS.post);
      await swapAudio(post, replacement, editedFields(upload.fields, fields), fields.sessionId);
      return presentOne(post.id);
    },

    async updateChapters(userId, postId, chapters) {
      const post = await ownedPost(userId, postId, false);
      const asset = await findAudioAsset(db, post.audio_id);
      const duration = asset?.duration ?? 0;
      const ordered = chapters
        .map((chapter) => ({ ...chapter, time: Math.min(Math.max(0, chapter.time), duration) }))
        .sort((a, b) => a.time - b.time);
      await updatePost(db, post.id, {
        chapters_json: JSON.stringify(ordered),
        updated_at: new Date().toISOString(),
      });
      return presentOne(post.id);
    },

    async get(viewerId, postId) {
      const row = await findPostWithMedia(db, postId);
      if (!row || !isVisibleTo(row, viewerId)) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
      return toPost(row);
    },

    async peaks(viewerId, postId) {
      const post = await findVisiblePost(db, viewerId, postId);
      const asset = await findAudioAsset(db, post.audio_id);
      if (!asset) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
      return { peaksPerSecond: asset.peaks_per_second, peaks: JSON.parse(asset.peaks_json) as number[] };
    },

    async list(viewerId, kind, page) {
      const filter: PostListFilter =
        kind === 'feed'
          ? { kind: 'public' }
          : kind === 'all'
            ? { kind: 'public-or-own', viewerId }
            : kind === 'drafts'
              ? { kind: 'drafts-of', userId: viewerId }
              : { kind: 'by-user', userId: kind.userId, includePrivate: kind.userId === viewerId };
      const rows = await listPosts(db, filter, page);
      return { json: postsJson(rows.items), nextCursor: rows.nextCursor };
    },

    async delete(userId, postId, options = {}) {
      const post = await ownedPost(userId, postId, options.draftsOnly ?? false);
      const asset = await findAudioAsset(db, post.audio_id);
      const image = post.image_id ? await findImage(db, post.image_id) : undefined;
      const commentAudio = await db.transaction().execute(async (trx) => {
        // Read under the lock, so a comment arriving meanwhile either is in this list or is refused (post gone).
        await lockPost(trx, databaseKind, post.id);
        const commentAssets = await commentAudioOfPost(trx, post.id);
        // Comments, reactions and notifications go with the post (foreign keys cascade); their audio rows do not.
        await deletePost(trx, post.id);
        if (post.is_private === 0 && post.is_draft === 0) await adjustPostCount(trx, post.user_id, -1);
        for (const audioAsset of [{ id: post.audio_id }, ...commentAssets])
          await deleteAudioAsset(trx, audioAsset.id);
        if (post.image_id) await deleteImage(trx, post.image_id);
        return commentAssets;
      });
      for (const audioAsset of [...(asset ? [asset] : []), ...commentAudio])
        await audio.deleteFiles(audioAsset);
      if (image) await images.deleteFile(image);
    },

    async insertRecovered(row, prepared, sessionKey) {
      try {
        await commit([prepared], async (trx) => {
          if (!(await markAutosavePublished(trx, sessionKey.userId, sessionKey.sessionId, row.created_at))) {
            throw new SessionAlreadyClosed();
          }
          await audio.insert(trx, prepared);
          await insertPost(trx, row);
          await jobs.enqueue(
            'media.render-speech',
            { assetId: prepared.row.id },
            { uniqueKey: `render:${prepared.row.id}`, db: trx },
          );
        });
      } catch (error) {
        if (error instanceof SessionAlreadyClosed) return false;
        throw error;
      }
      return true;
    },
  };
}

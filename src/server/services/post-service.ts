import { AUDIO_DURATION_LIMITS } from '@shared/domain/audio-limits';
import { clampChapters } from '@shared/domain/edit-chapters';
import { DEFAULT_CATEGORY } from '@shared/domain/posts';
import {
  postUploadFieldsSchema,
  type Chapter,
  type Post,
  type PostUploadFields,
  type UserPostsFilters,
} from '@shared/contract/posts';
import type { Insertable, Updateable } from 'kysely';
import { mayTellOtherServersOf } from '../access/federatable';
import { notFound } from '../access/guard';
import { actorOf, can, VISITOR } from '../access/policy';
import { authorizePost, findPostFor } from '../access/posts';
import { postMediaIsPrivate, postResource } from '../access/resources';
import type { Db } from '../db/database';
import type { PushService } from './push-delivery';
import type { PostAnnouncements } from '../federation/post-activities';
import type { ShareCardStore } from '../link-previews/share-card-store';
import {
  deleteAudioAsset,
  deleteImage,
  findAudioAsset,
  findImage,
  setCommentAudioPrivacy,
  setPostMediaPrivacy,
} from '../db/queries/audio-assets';
import { noteActivity } from '../db/queries/active-users';
import { markAutosavePublished } from '../db/queries/autosave';
import { commentAudioOfPost } from '../db/queries/comments';
import { clearDraftEdit } from '../db/queries/draft-edits';
import {
  adjustPostCount,
  deletePost,
  findPost,
  findListenedPost,
  findPostWithMedia,
  insertPost,
  lockPost,
  listPosts,
  publishDraftRow,
  replacePostAudio,
  updatePost,
  type PostListFilter,
  type ListenedPost,
} from '../db/queries/posts';
import type { PostRow, PostsTable } from '../db/schema';
import { BadRequestError, ConflictError, parseOrBadRequest } from '../errors';
import type { ScratchFile } from '../storage/scratch-files';
import type { AudioLibrary, PreparedAudio } from './audio-library';
import type { ImageLibrary, PreparedImage } from './image-library';
import { listeningOf } from './listening-positions';
import type { TranscriptTimes } from './transcript-times';
import { parseJsonArray, postsJson, toPost, type SerializedPage } from './post-presenter';
import { stillADraft } from './draft-lock';
import { commitWithFiles } from './stored-files';
import { newId } from '../ids';

export interface PostUpload {
  fields: Record<string, string>;
  files: { audio?: ScratchFile; photo?: ScratchFile };
}

export type PostListKind = 'feed' | 'all' | ({ userId: string } & UserPostsFilters) | 'drafts';

export interface PostService {
  /** POST /api/posts and /api/diary: a new post, episode or (private) diary draft. */
  create(userId: string, upload: PostUpload, asDiary: boolean): Promise<Post>;
  /**
   * A public post of `userId` with audio the server put together (a conversation's messages joined): an ordinary
   * post, as if uploaded with these fields.
   */
  createFromAudio(
    userId: string,
    prepared: PreparedAudio,
    fields: { title: string; transcription: string | null },
    /** Runs first in the post's transaction: what the audio came from is still as it was, or it throws. */
    recheck: (trx: Db) => Promise<void>,
    /** Runs last in it, the post written: what is kept about where its audio came from. */
    alongside?: (trx: Db, postId: string) => Promise<void>,
  ): Promise<Post>;
  /**
   * The post's audio replaced by `prepared` (rendered by the server from its current audio) with `changes`, and
   * `alongside` in the same transaction; 409 when its audio changed since `post` was read.
   */
  retakeAudio(
    post: PostRow,
    prepared: PreparedAudio,
    changes: Updateable<PostsTable>,
    alongside: (trx: Db) => Promise<void>,
  ): Promise<void>;
  /** Appends the uploaded audio to the post's audio; its other fields change where the upload names them. */
  extend(
    userId: string,
    postId: string,
    upload: PostUpload,
    options?: { draftsOnly?: boolean },
  ): Promise<Post>;
  /**
   * PUT /api/diary: a draft's fields, and its audio when one is sent (replaced whole; its chapters clamped to it).
   * Without audio the draft keeps its audio and its advanced editor's history. isDiary "false" publishes it.
   */
  replaceDraft(userId: string, draftId: string, upload: PostUpload): Promise<Post>;
  /** The owner's chapter list, times clamped to the recording (spec §5 Chapters), in time order. */
  updateChapters(userId: string, postId: string, chapters: Chapter[]): Promise<Post>;
  get(viewerId: string | undefined, postId: string): Promise<Post>;
  /** The post if anyone may see it (a signed-out visitor may): what other sites embed. Else undefined. */
  findPublic(postId: string): Promise<Post | undefined>;
  peaks(viewerId: string | undefined, postId: string): Promise<{ peaksPerSecond: number; peaks: number[] }>;
  /** One page of posts, already as the JSON array the API answers with. */
  list(
    viewerId: string,
    kind: PostListKind,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<SerializedPage>;
  /** `moderator`: removed by a moderator (the moderation service), as its owner's delete would. */
  delete(
    userId: string,
    postId: string,
    options?: { draftsOnly?: boolean; moderator?: boolean },
  ): Promise<void>;
  /** The owner's choice to hold visitors' comments for approval (issue 17). */
  setVisitorCommentHold(userId: string, postId: string, hold: boolean): Promise<Post>;
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

/**
 * PUT /api/diary: isDiary "false" publishes the draft (the share recorder's form), "true" or none keeps it a draft;
 * anything else is refused rather than guessed, as publishing cannot be undone.
 */
function publishesDraft(raw: Record<string, string>): boolean {
  if (!('isDiary' in raw) || raw.isDiary === 'true') return false;
  if (raw.isDiary === 'false') return true;
  throw new BadRequestError('isDiary must be "true" to keep the draft or "false" to publish it.');
}

function requireAudio(upload: PostUpload): ScratchFile {
  if (!upload.files.audio) throw new BadRequestError('Attach the recording as a file field named "audio".');
  return upload.files.audio;
}

/** The fields an edit changes: only those the upload actually sent. */
function editedFields(raw: Record<string, string>, fields: PostUploadFields): Updateable<PostsTable> {
  const changes: Updateable<PostsTable> = {};
  if ('title' in raw) changes.title = fields.title;
  if ('category' in raw) changes.category = fields.category;
  if ('transcription' in raw) {
    changes.transcription = fields.transcription ?? null;
    changes.transcription_source = null;
  }
  if ('affiliateLink' in raw) changes.affiliate_link = fields.affiliateLink ?? null;
  if ('affiliateLinkTitle' in raw) changes.affiliate_link_title = fields.affiliateLinkTitle ?? null;
  if ('allowVisitorComments' in raw) changes.allow_visitor_comments = fields.allowVisitorComments ? 1 : 0;
  return changes;
}

class SessionAlreadyClosed extends Error {}

/** A new post's row, written when it was made; a public one counts for its author and is their activity. */
async function insertNewPost(
  trx: Db,
  row: Omit<Insertable<PostsTable>, 'updated_at'> & { created_at: string },
) {
  await insertPost(trx, { ...row, updated_at: row.created_at });
  if (row.is_private === 0) {
    await adjustPostCount(trx, row.user_id, 1);
    await noteActivity(trx, row.user_id);
  }
}

export function createPostService(deps: {
  db: Db;
  audio: AudioLibrary;
  images: ImageLibrary;
  push: PushService;
  shareCards: ShareCardStore;
  transcripts: Pick<TranscriptTimes, 'queue'>;
  /** Federation (issue 28): what remote followers are told of a public post's coming, changes and going. */
  fediverse: PostAnnouncements;
}): PostService {
  const { db, audio, images, push, shareCards, transcripts, fediverse } = deps;

  /** A post whose audio or transcript changed has it aligned again, or recognised when it has none. */
  const realign = (trx: Db, postId: string, transcription: string | null | undefined) =>
    transcripts.queue(trx, postId, transcription);

  /** A new public post: its author's followers here are pushed it, and those elsewhere sent it. */
  async function announceNew(trx: Db, post: { id: string; user_id: string }): Promise<void> {
    await push.announcePost(trx, post.id);
    await fediverse.announce(trx, { postId: post.id, userId: post.user_id, change: 'create' });
  }

  /** A public, published post changed: remote followers get it again (a private one never reaches them). */
  async function announceChange(
    trx: Db,
    post: Pick<PostRow, 'id' | 'user_id' | 'is_draft' | 'is_private'>,
  ): Promise<void> {
    if (mayTellOtherServersOf(post)) {
      await fediverse.announce(trx, { postId: post.id, userId: post.user_id, change: 'update' });
    }
  }

  async function presentOne(postId: string): Promise<Post> {
    const row = await findPostWithMedia(db, postId);
    if (!row) throw notFound('post');
    return toPost(row);
  }

  /** The post, if `userId` may change or delete it; where only drafts are meant, any other post is not there. */
  async function postToChange(
    userId: string,
    postId: string,
    action: 'change' | 'delete',
    draftsOnly: boolean,
    moderator = false,
  ): Promise<PostRow> {
    const post = await findPost(db, postId);
    if (!post || (draftsOnly && post.is_draft !== 1)) throw notFound('post');
    await authorizePost(db, { kind: 'user', userId, moderator }, action, post);
    return post;
  }

  /**
   * Puts `next` (joined from the post's audio) in place of the post's audio; the autosave session of the takes it
   * holds is closed with it. Only over the audio it was made from, and of a draft only while it is still one: a
   * draft published meanwhile keeps the audio it was published with (`next` was stored private, as drafts are).
   */
  async function swapAudio(
    post: PostRow,
    next: PreparedAudio,
    changes: Updateable<PostsTable>,
    sessionId: string | undefined,
    alongside?: (trx: Db) => Promise<void>,
  ): Promise<void> {
    const now = new Date().toISOString();
    const replacedAssets = await commitWithFiles(db, [next], async (trx) => {
      await lockPost(trx, post.id);
      if (post.is_draft === 1) await stillADraft(trx, post.id);
      await audio.insert(trx, next);
      const replaced = await replacePostAudio(trx, post.id, post.audio_id, {
        ...changes,
        audio_id: next.row.id,
        updated_at: now,
      });
      if (!replaced) {
        throw new ConflictError('This recording changed while you were saving. Reload it and try again.');
      }
      // As the post is now, under its lock: hidden by a moderator meanwhile, its new audio is not public either.
      const current = await findPost(trx, post.id);
      if (current && postMediaIsPrivate(current) !== (next.row.is_private === 1)) {
        await setPostMediaPrivacy(trx, { audioId: next.row.id, imageId: null }, postMediaIsPrivate(current));
      }
      // The new audio is where a later edit starts: the editor's original and takes of the old one go.
      const editAssets = await clearDraftEdit(trx, post.id);
      await deleteAudioAsset(trx, post.audio_id);
      if (sessionId) await markAutosavePublished(trx, post.user_id, sessionId, now);
      await alongside?.(trx);
      await realign(trx, post.id, current?.transcription);
      await announceChange(trx, post);
      return [{ id: post.audio_id }, ...editAssets];
    });
    for (const asset of replacedAssets) await audio.deleteFiles(asset);
  }

  /**
   * Changes a draft's fields, under its lock and only while it is still a draft, in one transaction; a `photo` takes
   * the place of its photo, `audio` of its audio (its chapters clamped to it, the editor's original and takes gone
   * as the new audio is where a later edit starts). With `publish` it becomes a post (public unless
   * `publish.isPrivate`), its media and its comments' audio answering as it does; the editor's history goes too, as
   * a post is no longer edited there.
   */
  async function saveDraftFields(
    draftId: string,
    changes: Updateable<PostsTable>,
    options: {
      publish: PostUploadFields | null;
      sessionId: string | undefined;
      photo: PreparedImage | undefined;
      audio: PreparedAudio | undefined;
    },
  ): Promise<void> {
    const { publish, sessionId, photo, audio: replacement } = options;
    const now = new Date().toISOString();
    const replaced = await commitWithFiles(db, [replacement, photo], async (trx) => {
      await lockPost(trx, draftId);
      const draft = await stillADraft(trx, draftId);
      if (sessionId) await markAutosavePublished(trx, draft.user_id, sessionId, now);
      if (photo) await images.insert(trx, photo);
      const next: Updateable<PostsTable> = photo ? { ...changes, image_id: photo.row.id } : { ...changes };
      if (replacement) {
        await audio.insert(trx, replacement);
        // The chapters as they are now, under the lock: one changed since the upload began is kept.
        const chapters = clampChapters(
          parseJsonArray<Chapter>(draft.chapters_json),
          replacement.row.duration,
        );
        next.audio_id = replacement.row.id;
        next.chapters_json = JSON.stringify(chapters);
      }
      const audioId = replacement?.row.id ?? draft.audio_id;
      if (publish) {
        const isPrivate = publish.isPrivate;
        await publishDraftRow(trx, draftId, now, {
          ...next,
          type: publish.type,
          is_private: isPrivate ? 1 : 0,
          allow_visitor_comments: !isPrivate && publish.allowVisitorComments ? 1 : 0,
        });
        // A new photo was stored as the post is.
        const imageId = photo ? null : draft.image_id;
        await setPostMediaPrivacy(trx, { audioId, imageId }, isPrivate);
        // The owner's comments on their draft were stored private as it was; they are seen with the post now.
        await setCommentAudioPrivacy(trx, draftId, isPrivate);
        if (!isPrivate) {
          await adjustPostCount(trx, draft.user_id, 1);
          await noteActivity(trx, draft.user_id);
          await announceNew(trx, draft);
        }
      } else {
        await updatePost(trx, draftId, { ...next, updated_at: now });
      }
      const oldImage = photo && draft.image_id ? await findImage(trx, draft.image_id) : undefined;
      if (oldImage) await deleteImage(trx, oldImage.id);
      const oldAudio = replacement ? [{ id: draft.audio_id }] : [];
      if (replacement) await deleteAudioAsset(trx, draft.audio_id);
      const editAssets = publish || replacement ? await clearDraftEdit(trx, draftId) : [];
      // The edit form sends the transcript with every save: only a changed one is aligned again.
      const transcriptChanged = 'transcription' in changes && changes.transcription !== draft.transcription;
      if (replacement || publish || transcriptChanged) {
        await realign(trx, draftId, transcriptChanged ? changes.transcription : draft.transcription);
      }
      return { assets: [...oldAudio, ...editAssets], image: oldImage };
    });
    for (const asset of replaced.assets) await audio.deleteFiles(asset);
    if (replaced.image) await images.deleteFile(replaced.image);
  }

  return {
    async create(userId, upload, asDiary) {
      const fields = parseOrBadRequest(postUploadFieldsSchema, upload.fields);
      const audioUpload = requireAudio(upload);
      const isDiary = asDiary || fields.isDiary;
      const isPrivate = isDiary || fields.isPrivate;
      const preparedAudio = await audio.prepare(audioUpload, userId, isPrivate, AUDIO_DURATION_LIMITS.post);
      let preparedImage: PreparedImage | undefined;
      try {
        if (upload.files.photo)
          preparedImage = await images.prepare(upload.files.photo, userId, isPrivate, 'post-photo');
      } catch (error) {
        await preparedAudio.forget();
        throw error;
      }
      const now = new Date().toISOString();
      const postId = newId();
      await commitWithFiles(db, [preparedAudio, preparedImage], async (trx) => {
        await audio.insert(trx, preparedAudio);
        if (preparedImage) await images.insert(trx, preparedImage);
        await insertNewPost(trx, {
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
        });
        if (fields.sessionId) await markAutosavePublished(trx, userId, fields.sessionId, now);
        if (!isPrivate) await announceNew(trx, { id: postId, user_id: userId });
        await realign(trx, postId, fields.transcription);
      });
      return presentOne(postId);
    },

    async createFromAudio(userId, prepared, fields, recheck, alongside) {
      const now = new Date().toISOString();
      const postId = newId();
      await commitWithFiles(db, [prepared], async (trx) => {
        await recheck(trx);
        await audio.insert(trx, prepared);
        await insertNewPost(trx, {
          id: postId,
          user_id: userId,
          type: 'post',
          is_draft: 0,
          is_private: 0,
          title: fields.title,
          category: DEFAULT_CATEGORY,
          transcription: fields.transcription,
          affiliate_link: null,
          affiliate_link_title: null,
          audio_id: prepared.row.id,
          image_id: null,
          allow_visitor_comments: 0,
          created_at: now,
        });
        await announceNew(trx, { id: postId, user_id: userId });
        await alongside?.(trx, postId);
        await realign(trx, postId, fields.transcription);
      });
      return presentOne(postId);
    },

    retakeAudio: (post, prepared, changes, alongside) =>
      swapAudio(post, prepared, changes, undefined, alongside),

    async extend(userId, postId, upload, options = {}) {
      const fields = parseOrBadRequest(postUploadFieldsSchema, upload.fields);
      const post = await postToChange(userId, postId, 'change', options.draftsOnly ?? false);
      const existing = await findAudioAsset(db, post.audio_id);
      if (!existing) throw notFound('post');
      const joined = await audio.prepareJoined(
        existing,
        requireAudio(upload),
        userId,
        postMediaIsPrivate(post),
        AUDIO_DURATION_LIMITS.post,
      );
      await swapAudio(post, joined, editedFields(upload.fields, fields), fields.sessionId);
      return presentOne(post.id);
    },

    async setVisitorCommentHold(userId, postId, hold) {
      const post = await postToChange(userId, postId, 'change', false);
      await updatePost(db, post.id, { hold_visitor_comments: hold ? 1 : 0 });
      return presentOne(post.id);
    },

    async replaceDraft(userId, draftId, upload) {
      const publishing = publishesDraft(upload.fields);
      const fields = parseOrBadRequest(postUploadFieldsSchema, upload.fields);
      const post = await postToChange(userId, draftId, 'change', true);
      const changes = editedFields(upload.fields, fields);
      // A photo is stored as the draft will be (public once published so), and checked before anything changes.
      const photo = upload.files.photo
        ? await images.prepare(upload.files.photo, userId, !publishing || fields.isPrivate, 'post-photo')
        : undefined;
      let replacement: PreparedAudio | undefined;
      if (upload.files.audio) {
        try {
          // Stored private as a draft's; made public with the post when it is published so.
          replacement = await audio.prepare(upload.files.audio, userId, true, AUDIO_DURATION_LIMITS.post);
        } catch (error) {
          await photo?.forget();
          throw error;
        }
      }
      // Without audio only the fields change: the draft keeps its audio and the advanced editor's history.
      await saveDraftFields(post.id, changes, {
        publish: publishing ? fields : null,
        sessionId: fields.sessionId,
        photo,
        audio: replacement,
      });
      return presentOne(post.id);
    },

    async updateChapters(userId, postId, chapters) {
      const post = await postToChange(userId, postId, 'change', false);
      const asset = await findAudioAsset(db, post.audio_id);
      const duration = asset?.duration ?? 0;
      const ordered = chapters
        .map((chapter) => ({ ...chapter, time: Math.min(Math.max(0, chapter.time), duration) }))
        .sort((a, b) => a.time - b.time);
      await db.transaction().execute(async (trx) => {
        await updatePost(trx, post.id, {
          chapters_json: JSON.stringify(ordered),
          updated_at: new Date().toISOString(),
        });
        await announceChange(trx, post);
      });
      return presentOne(post.id);
    },

    async get(viewerId, postId) {
      const row = await findListenedPost(db, postId, viewerId);
      if (!row) throw notFound('post');
      await authorizePost(db, actorOf(viewerId), 'view', row);
      const listened = listeningOf(row);
      return listened ? { ...toPost(row), listening: listened } : toPost(row);
    },

    async findPublic(postId) {
      const row = await findPostWithMedia(db, postId);
      return row && can(VISITOR, 'view', postResource(row)) ? toPost(row) : undefined;
    },

    async peaks(viewerId, postId) {
      const post = await findPostFor(db, actorOf(viewerId), 'view', postId);
      const asset = await findAudioAsset(db, post.audio_id);
      if (!asset) throw notFound('post');
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
              : {
                  kind: 'by-user',
                  userId: kind.userId,
                  type: kind.type,
                  category: kind.category,
                  // Their private posts and drafts: whoever may see a draft of theirs.
                  includePrivate: can(actorOf(viewerId), 'view', { kind: 'draft', ownerId: kind.userId }),
                };
      const rows = await listPosts(db, filter, page, viewerId);
      const listeningFields = (row: ListenedPost) => {
        const listened = listeningOf(row);
        return listened && { listening: listened };
      };
      return { json: postsJson(rows.items, listeningFields), nextCursor: rows.nextCursor };
    },

    async delete(userId, postId, options = {}) {
      const found = await postToChange(
        userId,
        postId,
        'delete',
        options.draftsOnly ?? false,
        options.moderator,
      );
      const removed = await db.transaction().execute(async (trx) => {
        // Read again under the lock: an edit's save or an extend committed since the check above has given the
        // post other audio, which must go with it; and a comment arriving meanwhile either is in this list or is
        // refused (post gone).
        await lockPost(trx, found.id);
        const post = await findPost(trx, found.id);
        if (!post || (options.draftsOnly && post.is_draft !== 1)) throw notFound('post');
        const image = post.image_id ? await findImage(trx, post.image_id) : undefined;
        const commentAssets = await commentAudioOfPost(trx, post.id);
        // The advanced editor's original and takes of a draft.
        const editAssets = await clearDraftEdit(trx, post.id);
        // Comments, reactions and notifications go with the post (foreign keys cascade); their audio rows do not.
        await deletePost(trx, post.id);
        // A hidden post left the count when it was hidden.
        if (post.is_private === 0 && post.is_draft === 0 && post.hidden_at === null)
          await adjustPostCount(trx, post.user_id, -1);
        if (mayTellOtherServersOf(post)) {
          await fediverse.announce(trx, { postId: post.id, userId: post.user_id, change: 'delete' });
        }
        for (const audioAsset of [{ id: post.audio_id }, ...commentAssets])
          await deleteAudioAsset(trx, audioAsset.id);
        if (post.image_id) await deleteImage(trx, post.image_id);
        return {
          audio: [{ id: post.audio_id }, ...commentAssets, ...editAssets],
          image,
          ownerId: post.user_id,
        };
      });
      for (const audioAsset of removed.audio) await audio.deleteFiles(audioAsset);
      if (removed.image) await images.deleteFile(removed.image);
      await shareCards.removeAll({ id: found.id, userId: removed.ownerId });
    },

    async insertRecovered(row, prepared, sessionKey) {
      try {
        await commitWithFiles(db, [prepared], async (trx) => {
          if (!(await markAutosavePublished(trx, sessionKey.userId, sessionKey.sessionId, row.created_at))) {
            throw new SessionAlreadyClosed();
          }
          await audio.insert(trx, prepared);
          await insertPost(trx, row);
        });
      } catch (error) {
        if (error instanceof SessionAlreadyClosed) return false;
        throw error;
      }
      return true;
    },
  };
}

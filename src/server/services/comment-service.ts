import { AUDIO_DURATION_LIMITS } from '@shared/domain/audio-limits';
import { commentFieldsSchema, type Comment } from '@shared/contract/social';
import type { PublicUser } from '@shared/contract/users';
import type { z } from 'zod';
import type { Db } from '../db/database';
import type { Page } from '../db/pagination';
import type { PostRow } from '../db/schema';
import { deleteAudioAsset, findAudioAsset } from '../db/queries/audio-assets';
import {
  deleteComment,
  findCommentWithAudio,
  insertComment,
  listComments,
  type CommentWithAudio,
} from '../db/queries/comments';
import { findPost } from '../db/queries/posts';
import { recordHit } from '../db/queries/rate-limits';
import { BadRequestError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../errors';
import type { JobQueue } from '../jobs/job-queue';
import type { TempBlob } from '../storage/blob-store';
import { addressBlock } from './address-block';
import type { AudioLibrary } from './audio-library';
import type { NotificationService } from './notification-service';
import { audioSourcesOf, parseJsonArray } from './post-presenter';
import { findVisiblePost, POST_NOT_FOUND_MESSAGE } from './post-visibility';
import type { UserService } from './user-service';
import { newId } from '../ids';

const VISITOR_WINDOW_MS = 10 * 60 * 1000;
export const MAX_VISITOR_COMMENTS_PER_WINDOW = 5;
const COMMENT_NOT_FOUND = 'This comment does not exist or is not shared with you.';

export type Commenter = { kind: 'user'; userId: string } | { kind: 'visitor'; ip: string };

type CommentFields = z.infer<typeof commentFieldsSchema>;

/** A commenter cleared to comment on a post: what is known before any audio is taken. */
export interface CommentAdmission {
  commenter: Commenter;
  fields: CommentFields;
  post: PostRow;
}

export interface CommentService {
  /** The post, the visitor's permission and their rate limit: settled before the audio is streamed. */
  admit(commenter: Commenter, fields: Record<string, string>): Promise<CommentAdmission>;
  create(admission: CommentAdmission, audio: TempBlob | undefined): Promise<Comment>;
  list(
    viewerId: string | undefined,
    postId: string,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<Page<Comment>>;
  /** The comment's author and the post's owner may delete it. */
  delete(userId: string, commentId: string): Promise<void>;
}

export function createCommentService(deps: {
  db: Db;
  audio: AudioLibrary;
  jobs: JobQueue;
  users: UserService;
  notifications: NotificationService;
}): CommentService {
  const { db, audio, jobs, users, notifications } = deps;

  function toComment(row: CommentWithAudio, author: PublicUser | null, showEmail: boolean): Comment {
    const audioSources = audioSourcesOf(row.audio_id, row);
    return {
      id: row.id,
      postId: row.post_id,
      audioUrl: audioSources[0]!.url,
      audioSources,
      duration: row.duration,
      waveformData: parseJsonArray<number>(row.waveform_json),
      transcription: row.transcription,
      visitorName: row.visitor_name,
      visitorEmail: showEmail ? row.visitor_email : null,
      user: author,
      createdAt: row.created_at,
    };
  }

  async function present(rows: CommentWithAudio[], postOwnerId: string, viewerId: string | undefined) {
    const authors = await users.publicUsersByIds(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])));
    return rows.map((row) =>
      toComment(row, row.user_id ? (authors.get(row.user_id) ?? null) : null, viewerId === postOwnerId),
    );
  }

  const viewerOf = (commenter: Commenter) => (commenter.kind === 'user' ? commenter.userId : undefined);

  async function throttleVisitor(ip: string): Promise<void> {
    const now = Date.now();
    const hits = await recordHit(
      db,
      `visitor-comment:${addressBlock(ip)}`,
      new Date(now).toISOString(),
      new Date(now - VISITOR_WINDOW_MS).toISOString(),
    );
    if (hits > MAX_VISITOR_COMMENTS_PER_WINDOW) {
      throw new TooManyRequestsError(
        'You have left several comments just now. Please wait a few minutes.',
        600,
      );
    }
  }

  return {
    async admit(commenter, rawFields) {
      const parsed = commentFieldsSchema.safeParse(rawFields);
      if (!parsed.success)
        throw new BadRequestError(parsed.error.issues.map((issue) => issue.message).join(' '));
      const fields = parsed.data;
      const post = await findVisiblePost(db, viewerOf(commenter), fields.postId);
      if (commenter.kind === 'visitor') {
        if (post.allow_visitor_comments !== 1) {
          throw new ForbiddenError('This post takes voice comments from members only. Sign in to reply.');
        }
        if (!fields.visitorName) throw new BadRequestError('Tell us your name to leave a comment.');
        await throttleVisitor(commenter.ip);
      }
      return { commenter, fields, post };
    },

    async create({ commenter, fields, post }, upload) {
      const viewerId = viewerOf(commenter);
      if (!upload) throw new BadRequestError('Attach the voice comment as a file field named "audio".');

      const prepared = await audio.prepare(
        upload,
        post.user_id,
        post.is_private === 1,
        AUDIO_DURATION_LIMITS.comment,
      );
      const id = newId();
      try {
        await db.transaction().execute(async (trx) => {
          await audio.insert(trx, prepared);
          await insertComment(trx, {
            id,
            post_id: post.id,
            user_id: viewerId ?? null,
            visitor_name: commenter.kind === 'visitor' ? (fields.visitorName ?? null) : null,
            visitor_email: commenter.kind === 'visitor' ? (fields.visitorEmail ?? null) : null,
            audio_id: prepared.row.id,
            transcription: fields.transcription ?? null,
            created_at: new Date().toISOString(),
          });
          await jobs.enqueue(
            'media.render-speech',
            { assetId: prepared.row.id },
            { uniqueKey: `render:${prepared.row.id}`, db: trx },
          );
          if (viewerId) {
            await notifications.notify(trx, {
              recipientId: post.user_id,
              actorId: viewerId,
              type: 'comment',
              postId: post.id,
              once: id,
            });
          }
        });
      } catch (error) {
        await prepared.forget();
        // The post was deleted while the comment was on its way: the insert's foreign key refused it.
        if (!(await findPost(db, post.id))) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
        throw error;
      }
      const row = await findCommentWithAudio(db, id);
      return (await present([row!], post.user_id, viewerId))[0]!;
    },

    async list(viewerId, postId, page) {
      const post = await findVisiblePost(db, viewerId, postId);
      const rows = await listComments(db, post.id, page);
      return { items: await present(rows.items, post.user_id, viewerId), nextCursor: rows.nextCursor };
    },

    async delete(userId, commentId) {
      const comment = await findCommentWithAudio(db, commentId);
      if (!comment) throw new NotFoundError(COMMENT_NOT_FOUND);
      const post = await findVisiblePost(db, userId, comment.post_id).catch(() => {
        throw new NotFoundError(COMMENT_NOT_FOUND);
      });
      if (comment.user_id !== userId && post.user_id !== userId) {
        throw new ForbiddenError('Only the comment’s author or the post’s owner can delete it.');
      }
      const asset = await findAudioAsset(db, comment.audio_id);
      await db.transaction().execute(async (trx) => {
        await deleteComment(trx, comment.id);
        await deleteAudioAsset(trx, comment.audio_id);
      });
      if (asset) await audio.deleteFiles(asset);
    },
  };
}

import { AUDIO_DURATION_LIMITS } from '@shared/domain/audio-limits';
import { commentFieldsSchema, type Comment } from '@shared/contract/social';
import type { PublicUser } from '@shared/contract/users';
import type { z } from 'zod';
import { authorize, notFound } from '../access/guard';
import { can, type Actor } from '../access/policy';
import { authorizePost, commentAsSeenBy, findPostFor } from '../access/posts';
import { commentResource, postMediaIsPrivate } from '../access/resources';
import type { Db } from '../db/database';
import type { ReplyAnnouncements } from '../federation/voice-replies';
import type { PushService } from './push-delivery';
import type { Page } from '../db/pagination';
import type { PostRow } from '../db/schema';
import { deleteAudioAsset, findAudioAsset } from '../db/queries/audio-assets';
import {
  approveComment,
  deleteComment,
  findCommentWithAudio,
  insertComment,
  listComments,
  type CommentReader,
  type CommentWithAudio,
} from '../db/queries/comments';
import { findPost } from '../db/queries/posts';
import { noteActivity } from '../db/queries/active-users';
import { addToTrending, takeFromTrending } from '../db/queries/trending';
import { BadRequestError, parseOrBadRequest } from '../errors';
import type { ScratchFile } from '../storage/scratch-files';
import type { AudioLibrary } from './audio-library';
import type { NotificationService } from './notification-service';
import { audioSourcesOf, parseJsonArray, speechRangesOf } from './post-presenter';
import { commitWithFiles } from './stored-files';
import type { UserService } from './user-service';
import { newId } from '../ids';

type CommentFields = z.infer<typeof commentFieldsSchema>;

const momentFieldSchema = commentFieldsSchema.pick({ at: true });

/** A commenter cleared to comment on a post: what is known before any audio is taken. */
export interface CommentAdmission {
  commenter: Actor;
  fields: CommentFields;
  post: PostRow;
}

export interface CommentService {
  /**
   * The post and the commenter's permission: settled before the audio is streamed when postId comes first, else
   * before anything of it is kept.
   */
  admit(commenter: Actor, fields: Record<string, string>): Promise<CommentAdmission>;
  /**
   * `fields` are all the form's fields: a moment (`at`) sent after the audio still counts, though admission was
   * settled before it.
   */
  create(
    admission: CommentAdmission,
    audio: ScratchFile | undefined,
    fields: Record<string, string>,
    /** Runs last in the comment's transaction, the comment written: what is kept about where it came from. */
    alongside?: (trx: Db, commentId: string) => Promise<void>,
  ): Promise<Comment>;
  /** A moderator (`viewer.moderator`) sees hidden and held comments too. */
  list(
    viewer: Actor,
    postId: string,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<Page<Comment>>;
  /** The comment's author and the post's owner may delete it; so may a moderator (`moderator`). */
  delete(userId: string, commentId: string, options?: { moderator?: boolean }): Promise<void>;
  /** The post's owner or a moderator approves a held visitor comment, or rejects (deletes) it: null then. */
  review(reviewer: Actor, commentId: string, decision: 'approve' | 'reject'): Promise<Comment | null>;
}

export function createCommentService(deps: {
  db: Db;
  audio: AudioLibrary;
  users: UserService;
  notifications: NotificationService;
  push: PushService;
  /** A comment on a remote person's post goes to their server as a reply, and its deletion after it. */
  fediverse: ReplyAnnouncements;
}): CommentService {
  const { db, audio, users, notifications, push, fediverse } = deps;

  function toComment(row: CommentWithAudio, author: PublicUser | null, showEmail: boolean): Comment {
    const audioSources = audioSourcesOf(row.audio_id, row);
    return {
      id: row.id,
      postId: row.post_id,
      audioUrl: audioSources[0]!.url,
      audioSources,
      duration: row.duration,
      waveformData: parseJsonArray<number>(row.waveform_json),
      speech: speechRangesOf(row.speech_json),
      transcription: row.transcription,
      at: row.at_seconds,
      visitorName: row.visitor_name,
      visitorEmail: showEmail ? row.visitor_email : null,
      user: author,
      createdAt: row.created_at,
      hiddenByModerators: row.hidden_at !== null,
      awaitingApproval: row.held === 1,
    };
  }

  /**
   * Deletes the comment with its audio; a held one was never counted in trending. A reply to a remote person's post
   * is deleted on their server too.
   */
  async function remove(comment: CommentWithAudio, post: PostRow) {
    const asset = await findAudioAsset(db, comment.audio_id);
    await db.transaction().execute(async (trx) => {
      await fediverse.retract(trx, { id: comment.id, postId: post.id, userId: comment.user_id });
      const deleted = await deleteComment(trx, comment.id);
      if (deleted && comment.user_id !== post.user_id && comment.held === 0) {
        await takeFromTrending(trx, post, 'comment', comment.created_at);
      }
      await deleteAudioAsset(trx, comment.audio_id);
    });
    if (asset) await audio.deleteFiles(asset);
  }

  /** A reply's moment lies within the post as the server measured it: 0 ≤ at < its length. */
  async function checkMomentOf(post: PostRow, at: number) {
    const recording = await findAudioAsset(db, post.audio_id);
    const length = recording?.duration ?? 0;
    if (at < 0 || at >= length) {
      throw new BadRequestError(
        `A reply's moment (at) must be at least 0 and less than the post's length, ${length.toFixed(1)} seconds.`,
      );
    }
  }

  async function present(rows: CommentWithAudio[], post: PostRow, viewer: Actor) {
    const authors = await users.publicUsersByIds(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])));
    return rows.map((row) =>
      toComment(
        row,
        row.user_id ? (authors.get(row.user_id) ?? null) : null,
        can(viewer, 'view-commenter-email', commentResource(row, post)),
      ),
    );
  }

  return {
    async admit(commenter, rawFields) {
      const fields = parseOrBadRequest(commentFieldsSchema, rawFields);
      const post = await findPostFor(db, commenter, 'comment', fields.postId);
      if (commenter.kind === 'visitor' && !fields.visitorName) {
        throw new BadRequestError('Tell us your name to leave a comment.');
      }
      return { commenter, fields, post };
    },

    async create({ commenter, fields, post }, upload, allFields, alongside) {
      const viewerId = commenter.kind === 'user' ? commenter.userId : undefined;
      if (!upload) throw new BadRequestError('Attach the voice comment as a file field named "audio".');
      const { at } = parseOrBadRequest(momentFieldSchema, allFields);
      if (at !== undefined) await checkMomentOf(post, at);

      const prepared = await audio.prepare(
        upload,
        post.user_id,
        postMediaIsPrivate(post),
        AUDIO_DURATION_LIMITS.comment,
      );
      const id = newId();
      const now = new Date();
      // Held for the owner's approval: counted in trending and shown once approved.
      const held = commenter.kind === 'visitor' && post.hold_visitor_comments === 1;
      try {
        await commitWithFiles(db, [prepared], async (trx) => {
          // A block may have come while the audio was measured: the post is gone for them, as admit would say.
          await authorizePost(trx, commenter, 'comment', post);
          await audio.insert(trx, prepared);
          await insertComment(trx, {
            id,
            post_id: post.id,
            user_id: viewerId ?? null,
            visitor_name: commenter.kind === 'visitor' ? (fields.visitorName ?? null) : null,
            visitor_email: commenter.kind === 'visitor' ? (fields.visitorEmail ?? null) : null,
            audio_id: prepared.row.id,
            transcription: fields.transcription ?? null,
            at_seconds: at ?? null,
            held: held ? 1 : 0,
            created_at: now.toISOString(),
          });
          if (viewerId !== post.user_id && !held)
            await addToTrending(trx, post.id, 'comment', now.toISOString());
          if (viewerId) {
            await noteActivity(trx, viewerId, now);
            const news = await notifications.notify(trx, {
              recipientId: post.user_id,
              actorId: viewerId,
              type: 'comment',
              postId: post.id,
              once: id,
            });
            if (news) await push.announceReply(trx, post.user_id, id);
            await fediverse.announce(trx, { id, postId: post.id, userId: viewerId });
          }
          await alongside?.(trx, id);
        });
      } catch (error) {
        // The post was deleted while the comment was on its way: the insert's foreign key refused it.
        if (!(await findPost(db, post.id))) throw notFound('post');
        throw error;
      }
      const row = await findCommentWithAudio(db, id);
      return (await present([row!], post, commenter))[0]!;
    },

    async list(viewer, postId, page) {
      const post = await findPostFor(db, viewer, 'view', postId);
      const viewerId = viewer.kind === 'user' ? viewer.userId : undefined;
      const reader: CommentReader =
        viewer.kind === 'user' && viewer.moderator
          ? { moderator: true }
          : { viewerId, seesHeld: viewerId === post.user_id };
      const rows = await listComments(db, post.id, reader, page);
      return { items: await present(rows.items, post, viewer), nextCursor: rows.nextCursor };
    },

    async delete(userId, commentId, options = {}) {
      const comment = await findCommentWithAudio(db, commentId);
      const post = comment && (await findPost(db, comment.post_id));
      if (!comment || !post) throw notFound('comment');
      const actor: Actor = { kind: 'user', userId, moderator: options.moderator ?? false };
      authorize(actor, 'delete', await commentAsSeenBy(db, actor, comment, post));
      await remove(comment, post);
    },

    async review(reviewer, commentId, decision) {
      const comment = await findCommentWithAudio(db, commentId);
      const post = comment && (await findPost(db, comment.post_id));
      if (!comment || !post) throw notFound('comment');
      authorize(reviewer, 'review', commentResource(comment, post));
      if (decision === 'reject') {
        await remove(comment, post);
        return null;
      }
      await db.transaction().execute(async (trx) => {
        if (await approveComment(trx, comment.id)) {
          await addToTrending(trx, post.id, 'comment', new Date().toISOString());
        }
      });
      const row = await findCommentWithAudio(db, comment.id);
      if (!row) throw notFound('comment');
      return (await present([row], post, reviewer))[0]!;
    },
  };
}

import type { Context, Federation } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { Create, Delete, PUBLIC_COLLECTION, Tombstone, type Activity, type Note } from '@fedify/vocab';
import { mayFederateReply, mayTellOfReplyDeletion } from '../access/federatable';
import type { Db } from '../db/database';
import { findCommentWithAudio, type CommentWithAudio } from '../db/queries/comments';
import { findPost } from '../db/queries/posts';
import { findRemoteNoteOfPost, isRemotePost } from '../db/queries/remote-people';
import { findUserById } from '../db/queries/users';
import { newId } from '../ids';
import type { JobOutcome } from '../jobs/catalogue';
import type { JobQueue } from '../jobs/job-queue';
import { audioSourcesOf } from '../services/post-presenter';
import { instant, replyNote } from './objects';
import { commentNoteUri } from './our-uris';
import type { PublicAddresses } from './public-addresses';
import { actorRecipient } from './recipients';
import { waitsForRendition } from './rendition-wait';

/**
 * The job `federation.reply`: one of our people's voice comment on a post that came from another server, or, with
 * `deleted`, that it is gone, deleted or hidden by our moderators (the comment's row with it: who wrote it, and on
 * which post).
 */
export interface ReplyActivity {
  commentId: string;
  /** How many times it has already waited for the comment's rendition. */
  waits?: number;
  deleted?: { userId: string; postId: string };
}

interface CommentOnPost {
  id: string;
  postId: string;
  userId: string | null;
}

export interface ReplyAnnouncements {
  /** Inside the transaction that keeps the comment: its job exists only if the comment commits. */
  announce(db: Db, comment: CommentOnPost): Promise<void>;
  /** Inside the transaction that deletes or hides the comment, before its row goes. */
  retract(db: Db, comment: CommentOnPost): Promise<void>;
}

/**
 * What the comment service tells federation: only our people's comments on remote people's posts, and only while
 * federating.
 */
export function createReplyAnnouncements(jobs: JobQueue, federates: boolean): ReplyAnnouncements {
  const answersAfar = async (db: Db, comment: CommentOnPost) =>
    federates && comment.userId !== null && (await isRemotePost(db, comment.postId));
  return {
    async announce(db, comment) {
      if (await answersAfar(db, comment)) {
        await jobs.enqueue('federation.reply', { commentId: comment.id }, { db });
      }
    },
    async retract(db, comment) {
      if (await answersAfar(db, comment)) {
        const deleted = { userId: comment.userId!, postId: comment.postId };
        await jobs.enqueue('federation.reply', { commentId: comment.id, deleted }, { db });
      }
    },
  };
}

/** A comment that may federate as a reply, with the remote thread it answers. */
async function federatedReplyOf(db: Db, commentId: string) {
  const comment = await findCommentWithAudio(db, commentId);
  const post = comment && (await findPost(db, comment.post_id));
  const thread = post && (await findRemoteNoteOfPost(db, post.id));
  if (!comment?.user_id || !post || !thread) return undefined;
  const [commenter, postAuthor] = await Promise.all([
    findUserById(db, comment.user_id),
    findUserById(db, post.user_id),
  ]);
  if (!commenter || !postAuthor || !mayFederateReply(comment, post, commenter, postAuthor)) return undefined;
  return { comment, commenterId: commenter.id, thread };
}

/** The comment as a Note in reply to their Note, its audio the best it has: the AAC rendition once rendered. */
function noteOf(
  ctx: Context<void>,
  comment: CommentWithAudio,
  commenterId: string,
  thread: { note_uri: string; actor_uri: string },
): Note {
  return replyNote(
    ctx,
    {
      id: comment.id,
      userId: commenterId,
      createdAt: comment.created_at,
      duration: comment.duration,
      transcription: comment.transcription,
      audio: audioSourcesOf(comment.audio_id, comment)[0]!,
    },
    { note: new URL(thread.note_uri), author: new URL(thread.actor_uri) },
  );
}

export interface ReplySender {
  send(reply: ReplyActivity): Promise<JobOutcome>;
  /** The Note at a reply's id, as JSON-LD, for whoever dereferences it; undefined when it may not federate. */
  noteJson(commentId: string): Promise<unknown>;
}

/**
 * Sends a voice comment on a remote person's post to their server as Create{Note} in reply to their Note (Mastodon
 * and Earshot thread it under the post), signed by the commenter, and a Delete{Tombstone} of it once deleted; what
 * access/federatable.ts lets out, nothing else. The Create waits for the AAC rendition, as a post's does.
 */
export function createReplySender(deps: {
  db: Db;
  jobs: JobQueue;
  federation: Federation<void>;
  origin: string;
  addresses: PublicAddresses;
}): ReplySender {
  const { db, jobs } = deps;
  const context = () => deps.federation.createContext(new URL(deps.origin), undefined);

  async function deliver(
    ctx: Context<void>,
    commenterId: string,
    thread: { actor_uri: string; inbox_url: string; shared_inbox_url: string | null },
    activity: Activity,
  ): Promise<JobOutcome> {
    const recipient = await actorRecipient(deps.addresses, thread);
    if (!recipient) return 'skipped';
    await ctx.sendActivity({ identifier: commenterId }, recipient, activity);
    return 'done';
  }

  async function sendDelete(commentId: string, { userId, postId }: { userId: string; postId: string }) {
    const [commenter, thread] = await Promise.all([
      findUserById(db, userId),
      findRemoteNoteOfPost(db, postId),
    ]);
    if (!commenter || !thread || !mayTellOfReplyDeletion(commenter, thread)) return 'skipped';
    const ctx = context();
    const noteId = commentNoteUri(ctx, commentId);
    const deletion = new Delete({
      id: new URL(`#delete/${newId()}`, noteId),
      actor: ctx.getActorUri(userId),
      to: PUBLIC_COLLECTION,
      cc: new URL(thread.actor_uri),
      object: new Tombstone({ id: noteId, deleted: Temporal.Now.instant() }),
    });
    return deliver(ctx, userId, thread, deletion);
  }

  return {
    async send(reply) {
      if (reply.deleted) return sendDelete(reply.commentId, reply.deleted);
      const found = await federatedReplyOf(db, reply.commentId);
      if (!found) return 'skipped';
      const { comment, commenterId, thread } = found;
      if (await waitsForRendition(jobs, 'federation.reply', reply, comment)) return 'skipped';
      const ctx = context();
      const note = noteOf(ctx, comment, commenterId, thread);
      return deliver(
        ctx,
        commenterId,
        thread,
        new Create({
          id: new URL(`${note.id!.href}#create`),
          actor: ctx.getActorUri(commenterId),
          to: PUBLIC_COLLECTION,
          cc: new URL(thread.actor_uri),
          published: instant(comment.created_at),
          object: note,
        }),
      );
    },

    async noteJson(commentId) {
      const found = await federatedReplyOf(db, commentId);
      if (!found) return undefined;
      const ctx = context();
      return noteOf(ctx, found.comment, found.commenterId, found.thread).toJsonLd(ctx);
    },
  };
}

import type { Federation } from '@fedify/fedify';
import { Create, PUBLIC_COLLECTION } from '@fedify/vocab';
import { mayFederateReply } from '../access/federatable';
import type { Db } from '../db/database';
import { findCommentWithAudio } from '../db/queries/comments';
import { findPost } from '../db/queries/posts';
import { findRemoteNoteOfPost, isRemotePost } from '../db/queries/remote-people';
import { findUserById } from '../db/queries/users';
import type { JobOutcome } from '../jobs/catalogue';
import type { JobQueue } from '../jobs/job-queue';
import { audioSourcesOf } from '../services/post-presenter';
import { instant, replyNote } from './objects';
import type { PublicAddresses } from './public-addresses';

/** The job `federation.reply`: one of our people's voice comment on a post that came from another server. */
export interface ReplyActivity {
  commentId: string;
}

export interface ReplyAnnouncements {
  /** Inside the transaction that keeps the comment: its job exists only if the comment commits. */
  announce(db: Db, comment: { id: string; postId: string }): Promise<void>;
}

/** What the comment service tells federation: only comments on remote people's posts, and only while federating. */
export function createReplyAnnouncements(jobs: JobQueue, federates: boolean): ReplyAnnouncements {
  return {
    async announce(db, comment) {
      if (!federates || !(await isRemotePost(db, comment.postId))) return;
      await jobs.enqueue('federation.reply', { commentId: comment.id }, { db });
    },
  };
}

export interface ReplySender {
  send(reply: ReplyActivity): Promise<JobOutcome>;
}

/**
 * Sends a voice comment on a remote person's post to their server as Create{Note} in reply to their Note (Mastodon
 * and Earshot thread it under the post), signed by the commenter; what access/federatable.ts lets out, nothing else.
 */
export function createReplySender(deps: {
  db: Db;
  federation: Federation<void>;
  origin: string;
  addresses: PublicAddresses;
}): ReplySender {
  const { db } = deps;
  return {
    async send({ commentId }) {
      const comment = await findCommentWithAudio(db, commentId);
      const post = comment && (await findPost(db, comment.post_id));
      const thread = post && (await findRemoteNoteOfPost(db, post.id));
      if (!comment?.user_id || !post || !thread) return 'skipped';
      const [commenter, postAuthor] = await Promise.all([
        findUserById(db, comment.user_id),
        findUserById(db, post.user_id),
      ]);
      if (!commenter || !postAuthor || !mayFederateReply(comment, post, commenter, postAuthor))
        return 'skipped';
      const inbox = new URL(thread.shared_inbox_url ?? thread.inbox_url);
      if (!(await deps.addresses.mayDeliverTo([inbox]))) return 'skipped';
      const ctx = deps.federation.createContext(new URL(deps.origin), undefined);
      const author = new URL(thread.actor_uri);
      const note = replyNote(
        ctx,
        {
          id: comment.id,
          userId: commenter.id,
          createdAt: comment.created_at,
          duration: comment.duration,
          transcription: comment.transcription,
          audio: audioSourcesOf(comment.audio_id, comment)[0]!,
        },
        { note: new URL(thread.note_uri), author },
      );
      await ctx.sendActivity(
        { identifier: commenter.id },
        { id: author, inboxId: inbox },
        new Create({
          id: new URL(`${note.id!.href}#create`),
          actor: ctx.getActorUri(commenter.id),
          to: PUBLIC_COLLECTION,
          cc: author,
          published: instant(comment.created_at),
          object: note,
        }),
      );
      return 'done';
    },
  };
}

import type { Context, Federation } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { Delete, Note, PUBLIC_COLLECTION, Tombstone, Update, type Activity } from '@fedify/vocab';
import { mayFederatePerson, mayFederatePost } from '../access/federatable';
import type { Db } from '../db/database';
import { followerInboxes } from '../db/queries/federation';
import { findPostWithMedia } from '../db/queries/posts';
import { findUserById } from '../db/queries/users';
import { newId } from '../ids';
import type { JobOutcome } from '../jobs/catalogue';
import type { JobQueue } from '../jobs/job-queue';
import { createOf, postNote } from './objects';
import { deliverableRecipients } from './recipients';
import { waitsForRendition } from './rendition-wait';
import type { PublicAddresses } from './public-addresses';

type PostChange = 'create' | 'update' | 'delete';

/** The job `federation.post`: what changed about a post, told to its author's remote followers when it runs. */
export interface PostActivity {
  postId: string;
  userId: string;
  change: PostChange;
  /** How many times it has already waited for the post's rendition. */
  waits?: number;
}

/** Remote inboxes handed to Fedify per fan-out: each is one delivery, whatever number of followers it serves. */
const INBOX_PAGE = 500;

export interface PostAnnouncements {
  /** Inside the transaction that makes the change: its job exists only if the change commits. */
  announce(db: Db, activity: PostActivity): Promise<void>;
}

/** What the post service tells federation; nothing while this instance does not federate. */
export function createPostAnnouncements(jobs: JobQueue, federates: boolean): PostAnnouncements {
  return {
    async announce(db, activity) {
      if (federates) await jobs.enqueue('federation.post', activity, { db });
    },
  };
}

export interface PostActivitySender {
  send(activity: PostActivity): Promise<JobOutcome>;
}

/**
 * Sends a post's Create, Update or Delete to its author's remote followers: one delivery per inbox (a server's
 * shared inbox serves all its followers), queued through Fedify, which retries each with backoff. Only what
 * access/federatable.ts lets out goes; a post that stopped federating (hidden, made private) is deleted there.
 */
export function createPostActivitySender(deps: {
  db: Db;
  jobs: JobQueue;
  federation: Federation<void>;
  origin: string;
  addresses: PublicAddresses;
}): PostActivitySender {
  const { db, jobs, addresses } = deps;
  const context = () => deps.federation.createContext(new URL(deps.origin), undefined);

  async function deliver(ctx: Context<void>, userId: string, activity: Activity): Promise<void> {
    let after: string | undefined;
    for (;;) {
      const inboxes = await followerInboxes(db, userId, { after, limit: INBOX_PAGE });
      const recipients = await deliverableRecipients(addresses, inboxes);
      if (recipients.length > 0) await ctx.sendActivity({ identifier: userId }, recipients, activity);
      if (inboxes.length < INBOX_PAGE) return;
      after = inboxes.at(-1)!.inbox;
    }
  }

  function deleteOf(ctx: Context<void>, activity: PostActivity): Delete {
    const noteId = ctx.getObjectUri(Note, { id: activity.postId });
    return new Delete({
      id: new URL(`#delete/${newId()}`, noteId),
      actor: ctx.getActorUri(activity.userId),
      to: PUBLIC_COLLECTION,
      object: new Tombstone({ id: noteId, deleted: Temporal.Now.instant() }),
    });
  }

  return {
    async send(activity) {
      const ctx = context();
      const author = await findUserById(db, activity.userId);
      if (!author || !mayFederatePerson(author)) return 'skipped';
      // Most people have no remote followers: nothing to wait for or send.
      if ((await followerInboxes(db, author.id, { after: undefined, limit: 1 })).length === 0)
        return 'skipped';
      const post = activity.change === 'delete' ? undefined : await findPostWithMedia(db, activity.postId);
      if (!post || !mayFederatePost(post, author)) {
        // Gone, or no longer public: remote servers forget it (a Delete of what they never had is harmless).
        if (activity.change === 'create') return 'skipped';
        await deliver(ctx, activity.userId, deleteOf(ctx, activity));
        return 'done';
      }
      if (await waitsForRendition(jobs, 'federation.post', activity, post)) return 'skipped';
      const note = postNote(ctx, post);
      const sent =
        activity.change === 'create'
          ? createOf(ctx, note, post)
          : new Update({
              id: new URL(`#updates/${newId()}`, note.id!),
              actor: ctx.getActorUri(post.user_id),
              to: PUBLIC_COLLECTION,
              cc: ctx.getFollowersUri(post.user_id),
              object: note,
            });
      await deliver(ctx, activity.userId, sent);
      return 'done';
    },
  };
}

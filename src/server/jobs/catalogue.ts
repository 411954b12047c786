import type { Cursor } from '../db/pagination';
import type { ActorDeletion } from '../federation/actor-deletion';
import type { Interaction } from '../federation/interactions';
import type { ReportForward } from '../federation/reports';
import type { FederationMessage } from '../federation/message-queue';
import type { PostActivity } from '../federation/post-activities';
import type { ReplyActivity } from '../federation/voice-replies';
import type { PushDelivery, PushEvent } from '../services/push-delivery';

/**
 * Every background job and its payload. Payloads are stored as JSON, so they hold ids, not records: a handler reads
 * the current state when it runs and must be idempotent, because a job can run again after a crash or a retry.
 */
export interface JobPayloads {
  'media.render-speech': { assetId: string };
  /** Recordings stored before speech was measured, a small batch a run, each batch queued behind what waits. */
  'media.measure-speech': Record<string, never>;
  /** A post's typed transcript aligned to its audio for real word times (issue 29), after its rendition. */
  'transcripts.align': { postId: string };
  /** A public post without a transcript transcribed by the operator's speech recogniser (TRANSCRIBE_URL). */
  'transcripts.recognise': { postId: string };
  /** Published posts without a transcript, a page a run from `after` (a cursor), queued for recognition. */
  'transcripts.backfill': { after?: string };
  'autosave.recover-abandoned': Record<string, never>;
  'images.reencode-legacy': Record<string, never>;
  /** Stored objects whose rows are gone (a deleted account's), removed again in case the first removal failed. */
  'storage.remove-objects': { prefixes: string[]; keys: string[] };
  /** A conversation's post re-rendered without the voice of someone who left it or deleted their account. */
  'posts.retake-conversation-voices': { postId: string };
  /** Web Push (issue 27): what one person is told, composed when it runs, and handed to each of their devices. */
  'push.notify': PushEvent;
  /** A post's likes since its owner last heard of them (at most one an hour). */
  'push.likes': { postId: string };
  /** A new post's followers who chose to hear of new posts, a page at a time from `after`. */
  'push.new-post': { postId: string; after?: Cursor };
  /** One push to one device, retried with backoff; a 404 or 410 removes the device. */
  'push.deliver': PushDelivery;
  /** Federation (issue 28): a message of Fedify's (a fan-out, one delivery, one inbound activity). */
  'federation.message': { message: FederationMessage };
  /** A public post created, changed or deleted, told to its author's remote followers. */
  'federation.post': PostActivity;
  /** One of our people's voice comment on a remote person's post, to that person's server. */
  'federation.reply': ReplyActivity;
  /** A deleted account's Delete{Person}, to the servers that followed it. */
  'federation.actor-deleted': ActorDeletion;
  /** One of our people's like, repost or block of someone of another server (or its Undo), told to their server. */
  'federation.interaction': Interaction;
  /** One of our people's report of someone of another server, sent on to that server's moderators (Flag). */
  'federation.flag': ReportForward;
}

export type JobName = keyof JobPayloads;

/** A handler throws to fail; the queue retries it with backoff until its attempts run out. */
export type JobOutcome = 'done' | 'skipped';

export interface JobRun {
  /** Aborted when the worker stops or loses the job: stop the work (kill its processes) and throw. */
  signal: AbortSignal;
}

export type JobHandlers = {
  [N in JobName]: (payload: JobPayloads[N], run: JobRun) => Promise<JobOutcome>;
};

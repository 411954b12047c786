import type { Context, Federation, InboxListenerSetters } from '@fedify/fedify';
import { Flag, Note } from '@fedify/vocab';
import { REPORT_NOTE_MAX_LENGTH } from '@shared/domain/moderation';
import type { FastifyBaseLogger } from 'fastify';
import { federatingPerson, mayFederatePost, mayFederateReply, mayForwardReport } from '../access/federatable';
import type { Db } from '../db/database';
import { findCommentWithAudio } from '../db/queries/comments';
import { blockedDomainAmong } from '../db/queries/domain-blocks';
import { findPost } from '../db/queries/posts';
import { findRemoteOwnerOf, type FederatedTarget } from '../db/queries/remote-people';
import { findUserById } from '../db/queries/users';
import { newId } from '../ids';
import type { JobOutcome } from '../jobs/catalogue';
import type { JobQueue } from '../jobs/job-queue';
import { domainsAbove } from './domain-blocks';
import { INSTANCE_ACTOR, ourCommentId, ourUri } from './our-uris';
import { plainTextOf } from './plain-text';
import { actorRecipient } from './recipients';
import type { PublicAddresses } from './public-addresses';

/** The job `federation.flag`: one of our people's report, sent on to the server of whom it is about. */
export interface ReportForward extends FederatedTarget {
  /** The reporter's note, as they wrote it; who they are never goes into the job. */
  note: string | null;
}

/** A report another server made (a Flag), as the moderation service keeps it. */
export interface ReportFromAfar {
  /** The reporting server, as moderators see it: the host of the actor that signed the Flag. */
  host: string;
  actor: string;
  targets: FederatedTarget[];
  note: string | null;
}

export interface RemoteReports {
  reportFromAfar(report: ReportFromAfar): Promise<void>;
}

/**
 * The other server's actor a forwarded report is about, where it goes, and what it names; if it may go. Read on `db`
 * alone: inside the report's transaction, that is the one connection SQLite has.
 */
async function forwardable(db: Db, federates: boolean, target: FederatedTarget) {
  const owner = await findRemoteOwnerOf(db, target);
  if (!owner) return undefined;
  const blockedDomain = await blockedDomainAmong(db, domainsAbove(new URL(owner.actor_uri).hostname));
  return mayForwardReport(owner, { federates, blockedDomain }) ? owner : undefined;
}

export interface ReportForwarding {
  /**
   * Inside the report's transaction: queues the report's Flag when it may go (its job exists only if the report
   * commits); whether it does.
   */
  forward(db: Db, report: ReportForward): Promise<boolean>;
}

export function createReportForwarding(jobs: JobQueue, federates: boolean): ReportForwarding {
  return {
    async forward(db, report) {
      if (!(await forwardable(db, federates, report))) return false;
      await jobs.enqueue('federation.flag', report, { db });
      return true;
    },
  };
}

export interface FlagSender {
  send(report: ReportForward): Promise<JobOutcome>;
}

/**
 * Sends a forwarded report as Mastodon does: a Flag from this server's own actor (never the person who reported),
 * naming the reported actor and, for a post or comment, its Note, with the reporter's note as its content; to the
 * server's shared inbox, or else the actor's.
 */
export function createFlagSender(deps: {
  db: Db;
  federation: Federation<void>;
  origin: string;
  addresses: PublicAddresses;
}): FlagSender {
  const { db, addresses } = deps;
  return {
    async send(report) {
      const owner = await forwardable(db, true, report);
      if (!owner) return 'skipped';
      const recipient = await actorRecipient(addresses, owner);
      if (!recipient) return 'skipped';
      const ctx = deps.federation.createContext(new URL(deps.origin), undefined);
      const actor = ctx.getActorUri(INSTANCE_ACTOR);
      const flag = new Flag({
        id: new URL(`#flags/${newId()}`, actor),
        actor,
        objects: [recipient.id!, ...(owner.note_uri ? [new URL(owner.note_uri)] : [])],
        content: report.note,
      });
      await ctx.sendActivity({ identifier: INSTANCE_ACTOR }, recipient, flag);
      return 'done';
    },
  };
}

/** Longer notes are cut here, ending in an ellipsis: the report matters more than the end of its note. */
function noteOf(content: unknown): string | null {
  const text = content == null ? '' : plainTextOf(String(content));
  if (!text) return null;
  const chars = [...text];
  return chars.length <= REPORT_NOTE_MAX_LENGTH
    ? text
    : `${chars
        .slice(0, REPORT_NOTE_MAX_LENGTH - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * Which of ours `uri` names that another server may report: a person, post or voice comment of ours it may have
 * seen (access/federatable.ts lets it out). Anything else, whether missing, private or not ours, is undefined.
 */
async function reportedHere(ctx: Context<void>, db: Db, uri: URL): Promise<FederatedTarget | undefined> {
  const commentId = ourCommentId(ctx, uri);
  if (commentId) {
    const comment = await findCommentWithAudio(db, commentId);
    const post = comment && (await findPost(db, comment.post_id));
    const [commenter, author] = await Promise.all([
      comment?.user_id ? findUserById(db, comment.user_id) : undefined,
      post && findUserById(db, post.user_id),
    ]);
    return comment && post && commenter && author && mayFederateReply(comment, post, commenter, author)
      ? { targetKind: 'comment', targetId: comment.id }
      : undefined;
  }
  const named = ourUri(ctx, uri);
  if (named?.type === 'actor') {
    const person = await federatingPerson(db, named.identifier);
    return person?.federates ? { targetKind: 'user', targetId: person.user.id } : undefined;
  }
  if (named?.type !== 'object' || named.class !== Note) return undefined;
  const post = await findPost(db, named.values.id!);
  const author = post && (await findUserById(db, post.user_id));
  return post && author && mayFederatePost(post, author)
    ? { targetKind: 'post', targetId: post.id }
    : undefined;
}

/** Mastodon names the reported actor first, then their statuses; more than this in one Flag is not a report. */
const MAX_FLAG_OBJECTS = 50;

/**
 * Another server's report (a Flag, which Mastodon sends from its instance actor; Fedify has checked its signature
 * and that its signer is its actor): a report in our moderation queue of each person, post or voice comment of ours
 * it names that it may have seen, its reporter that server. A Flag naming nothing of that is dropped; a second Flag
 * from the same server of the same thing updates its report.
 */
export function listenToFlags(
  inbox: InboxListenerSetters<void>,
  { db, log, reports }: { db: Db; log: FastifyBaseLogger; reports: RemoteReports },
): InboxListenerSetters<void> {
  return inbox.on(Flag, async (ctx, flag) => {
    if (!flag.actorId) return;
    const targets: FederatedTarget[] = [];
    for (const uri of flag.objectIds.slice(0, MAX_FLAG_OBJECTS)) {
      const target = await reportedHere(ctx, db, uri);
      if (target && !targets.some((each) => each.targetId === target.targetId)) targets.push(target);
    }
    if (targets.length === 0) {
      log.info({ activity: flag.id?.href }, 'a Flag named nothing of ours to report');
      return;
    }
    await reports.reportFromAfar({
      host: flag.actorId.host,
      actor: flag.actorId.href,
      targets,
      note: noteOf(flag.content),
    });
  });
}

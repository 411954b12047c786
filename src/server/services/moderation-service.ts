import {
  CASE_NOTES_SHOWN,
  type ModerationActionBody,
  type ModerationCase,
  type ModerationLogEntry,
  type ReportReceipt,
  type reportBodySchema,
} from '@shared/contract/moderation';
import type { ModerationActionName, ReportReason } from '@shared/domain/moderation';
import type { z } from 'zod';
import { mayTellOtherServersOf } from '../access/federatable';
import { authorize, notFound } from '../access/guard';
import { membershipOf } from '../access/conversations';
import { commentAsSeenBy, postAsSeenBy } from '../access/posts';
import { actorOf, type Actor, type Resource } from '../access/policy';
import {
  commentResource,
  conversationMessageResource,
  personResource,
  postResource,
} from '../access/resources';
import type { EventBus } from '../events/event-bus';
import type { Db } from '../db/database';
import type { Page, PageRequest } from '../db/pagination';
import { findCommentWithAudio } from '../db/queries/comments';
import { findMessageWithAudio } from '../db/queries/conversations';
import {
  closeCase,
  findOpenCase,
  insertModerationAction,
  listModerationActions,
  listOpenCases,
  newestNotesOfCase,
  newestServerReportsOfCase,
  reasonCountsOfCases,
  setHidden,
  setSuspended,
  syncMediaVisibility,
  upsertReport,
  type ModeratedTable,
  type ModerationCaseRow,
} from '../db/queries/moderation';
import { adjustPostCount, findPost, findPostWithMedia, lockPost } from '../db/queries/posts';
import { findUserById, findUsersByIds } from '../db/queries/users';
import type { ReportTargetKind, UserRow } from '../db/schema';
import { BadRequestError, NotFoundError } from '../errors';
import { newId } from '../ids';
import type { CommentService } from './comment-service';
import type { ConversationService } from './conversation-service';
import { audioSourcesOf, parseJsonArray } from './post-presenter';
import type { PostAnnouncements } from '../federation/post-activities';
import type { ReplyAnnouncements } from '../federation/voice-replies';
import type { RemoteReports, ReportForwarding } from '../federation/reports';
import type { PostService } from './post-service';
import { toPublicUser } from './user-presenter';

type ReportBody = z.output<typeof reportBodySchema>;

export interface ModerationService extends RemoteReports {
  /**
   * Someone signed in reports what they can see; a second report of the same thing updates theirs. Of someone of
   * another server, it goes on to their server too when they ask (`forward`) and it may.
   */
  report(reporterId: string, body: ReportBody): Promise<ReportReceipt>;
  /** The rest are for moderators (`moderator` carries the role; the policy refuses anyone else). */
  openCases(moderator: Actor, page: PageRequest): Promise<Page<ModerationCase>>;
  act(
    moderator: Actor,
    body: ModerationActionBody & { note?: string | undefined },
  ): Promise<ModerationLogEntry>;
  log(moderator: Actor, page: PageRequest): Promise<Page<ModerationLogEntry>>;
}

const TABLES: Record<Exclude<ReportTargetKind, 'user'>, ModeratedTable> = {
  post: 'posts',
  comment: 'comments',
  message: 'conversation_messages',
};

const MODERATION_QUEUE: Resource = { kind: 'moderation-queue' };

/**
 * Before a post is hidden or shown again: its author's post count is of what others see, so a public, published
 * post leaves it when hidden and comes back when shown (hiding it twice counts once).
 */
async function countAsShown(trx: Db, postId: string, hiding: boolean): Promise<void> {
  await lockPost(trx, postId);
  const post = await findPost(trx, postId);
  if (!post || post.is_private !== 0 || post.is_draft !== 0) return;
  if ((post.hidden_at === null) === hiding) await adjustPostCount(trx, post.user_id, hiding ? -1 : 1);
}

export function createModerationService(deps: {
  db: Db;
  posts: PostService;
  comments: CommentService;
  conversations: ConversationService;
  events: EventBus;
  fediverse: PostAnnouncements;
  replies: ReplyAnnouncements;
  forwarding: ReportForwarding;
}): ModerationService {
  const { db, posts, comments, conversations, events, fediverse, replies, forwarding } = deps;

  /**
   * The target as the policy sees it, with its owner; 404 when it is not there. A post or comment is weighed with
   * the blocks of `reporter` (not there across one); a moderator acts on it whatever blocks stand.
   */
  async function resourceOf(kind: ReportTargetKind, id: string, reporter?: Actor): Promise<Resource> {
    switch (kind) {
      case 'post': {
        const post = await findPost(db, id);
        if (!post) throw notFound('post');
        return reporter ? postAsSeenBy(db, reporter, post) : postResource(post);
      }
      case 'comment': {
        const comment = await findCommentWithAudio(db, id);
        const post = comment && (await findPost(db, comment.post_id));
        if (!comment || !post) throw notFound('comment');
        return reporter ? commentAsSeenBy(db, reporter, comment, post) : commentResource(comment, post);
      }
      case 'message': {
        const message = await findMessageWithAudio(db, id);
        if (!message) throw notFound('conversation-message');
        return conversationMessageResource(message, await membershipOf(db, message.conversation_id));
      }
      case 'user': {
        const user = await findUserById(db, id);
        if (!user) throw notFound('person');
        return personResource(user);
      }
    }
  }

  async function contentOf(row: ModerationCaseRow): Promise<ModerationCase['content']> {
    const ownerOf = async (userId: string | null) => {
      const [owner] = userId ? await findUsersByIds(db, [userId]) : [];
      return owner;
    };
    const described = (
      owner: UserRow | undefined,
      fields: Omit<NonNullable<ModerationCase['content']>, 'owner' | 'ownerSuspended' | 'visitorName'> & {
        visitorName?: string | null;
      },
    ) => ({
      ...fields,
      visitorName: fields.visitorName ?? null,
      owner: owner ? toPublicUser(owner) : null,
      ownerSuspended: Boolean(owner?.suspended_at),
    });
    switch (row.target_kind) {
      case 'post': {
        const post = await findPostWithMedia(db, row.target_id);
        if (!post) return null;
        return described(await ownerOf(post.user_id), {
          title: post.title,
          path: `/posts/${post.id}`,
          audioSources: audioSourcesOf(post.audio_id, post),
          waveformData: parseJsonArray<number>(post.waveform_json),
          duration: post.duration,
          transcription: post.transcription,
          hidden: post.hidden_at !== null,
        });
      }
      case 'comment': {
        const comment = await findCommentWithAudio(db, row.target_id);
        const post = comment && (await findPost(db, comment.post_id));
        if (!comment || !post) return null;
        return described(await ownerOf(comment.user_id), {
          title: `Voice comment on “${post.title}”`,
          visitorName: comment.visitor_name,
          path: `/posts/${post.id}`,
          audioSources: audioSourcesOf(comment.audio_id, comment),
          waveformData: parseJsonArray<number>(comment.waveform_json),
          duration: comment.duration,
          transcription: comment.transcription,
          hidden: comment.hidden_at !== null,
        });
      }
      case 'message': {
        const message = await findMessageWithAudio(db, row.target_id);
        if (!message) return null;
        return described(await ownerOf(message.user_id), {
          title: 'Voice message',
          path: null,
          audioSources: audioSourcesOf(message.audio_id, message),
          waveformData: parseJsonArray<number>(message.waveform_json),
          duration: message.duration,
          transcription: message.transcription,
          hidden: message.hidden_at !== null,
        });
      }
      case 'user': {
        const user = await ownerOf(row.target_id);
        if (!user) return null;
        const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || `@${user.username}`;
        return described(user, {
          title: name,
          path: `/profile/${user.id}`,
          audioSources: [],
          waveformData: [],
          duration: null,
          transcription: user.bio,
          hidden: false,
        });
      }
    }
  }

  async function presentLog(rows: Awaited<ReturnType<typeof listModerationActions>>['items']) {
    const moderators = await findUsersByIds(db, [
      ...new Set(rows.flatMap((row) => (row.moderator_id ? [row.moderator_id] : []))),
    ]);
    const byId = new Map(moderators.map((user) => [user.id, toPublicUser(user)]));
    return rows.map((row): ModerationLogEntry => ({
      id: row.id,
      moderator: (row.moderator_id && byId.get(row.moderator_id)) || null,
      action: row.action as ModerationActionName,
      targetKind: row.target_kind,
      targetId: row.target_id,
      note: row.note,
      createdAt: row.created_at,
    }));
  }

  const moderatorIdOf = (actor: Actor) => (actor.kind === 'user' ? actor.userId : '');

  return {
    async report(reporterId, body) {
      const reporter = actorOf(reporterId);
      authorize(reporter, 'report', await resourceOf(body.targetKind, body.targetId, reporter));
      const { targetKind, targetId } = body;
      const note = body.note ?? null;
      return db.transaction().execute(async (trx) => {
        await upsertReport(trx, {
          id: newId(),
          caseId: newId(),
          targetKind,
          targetId,
          reporter: { userId: reporterId },
          reason: body.reason,
          note,
          at: new Date().toISOString(),
        });
        if (!body.forward) return { received: true };
        const forwarded =
          targetKind !== 'message' && (await forwarding.forward(trx, { targetKind, targetId, note }));
        return { received: true, forwarded };
      });
    },

    async reportFromAfar({ host, actor, targets, note }) {
      const at = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        for (const { targetKind, targetId } of targets) {
          await upsertReport(trx, {
            id: newId(),
            caseId: newId(),
            targetKind,
            targetId,
            reporter: { host, actor },
            // A Flag gives no reason of ours, only its note.
            reason: 'other',
            note,
            at,
          });
        }
      });
    },

    async openCases(moderator, page) {
      authorize(moderator, 'moderate', MODERATION_QUEUE);
      const cases = await listOpenCases(db, page);
      const reasonCounts = await reasonCountsOfCases(
        db,
        cases.items.map((row) => row.id),
      );
      const items: ModerationCase[] = [];
      for (const row of cases.items) {
        const counts = new Map<ReportReason, number>();
        for (const counted of reasonCounts) {
          const reason = counted.reason as ReportReason;
          if (counted.case_id === row.id) counts.set(reason, (counts.get(reason) ?? 0) + counted.count);
        }
        const [notes, servers] = await Promise.all([
          newestNotesOfCase(db, row.id, CASE_NOTES_SHOWN),
          newestServerReportsOfCase(db, row.id, CASE_NOTES_SHOWN),
        ]);
        items.push({
          id: row.id,
          targetKind: row.target_kind,
          targetId: row.target_id,
          reportCount: row.report_count,
          reasons: [...counts]
            .sort(([reasonA, countA], [reasonB, countB]) => countB - countA || reasonA.localeCompare(reasonB))
            .map(([reason, count]) => ({ reason, count })),
          notes: notes.flatMap(({ note }) => (note ? [note] : [])),
          servers: servers.map(({ reporter_host: host, note }) => ({ host, note })),
          lastReportedAt: row.last_reported_at,
          content: await contentOf(row),
        });
      }
      return { items, nextCursor: cases.nextCursor };
    },

    async act(moderator, body) {
      const moderatorId = moderatorIdOf(moderator);
      authorize(moderator, 'moderate', await resourceOf(body.targetKind, body.targetId));
      const at = new Date().toISOString();
      const isUser = body.targetKind === 'user';
      const entry = {
        id: newId(),
        moderator_id: moderatorId,
        action: body.action,
        target_kind: body.targetKind,
        target_id: body.targetId,
        note: body.note ?? null,
        created_at: at,
      };
      const openCase = await findOpenCase(db, body.targetKind, body.targetId);
      const record = (changes: (trx: Db) => Promise<void>, close: boolean) =>
        db.transaction().execute(async (trx) => {
          await changes(trx);
          if (close && openCase) await closeCase(trx, openCase.id, at);
          await insertModerationAction(trx, { ...entry, case_id: openCase?.id ?? null });
        });
      switch (body.action) {
        case 'hide':
        case 'unhide':
          if (isUser) throw new BadRequestError('A person is not hidden: suspend their account instead.');
          await record(async (trx) => {
            if (body.targetKind === 'post') await countAsShown(trx, body.targetId, body.action === 'hide');
            await setHidden(
              trx,
              TABLES[body.targetKind as 'post'],
              body.targetId,
              body.action === 'hide' ? at : null,
            );
            // A voice message's audio is private already: its conversation's members alone may play it.
            if (body.targetKind === 'post') await syncMediaVisibility(trx, { postId: body.targetId });
            // Servers that have the post forget it while it is hidden, and get it anew once shown.
            const post = body.targetKind === 'post' ? await findPost(trx, body.targetId) : undefined;
            if (post && mayTellOtherServersOf(post)) {
              const change = body.action === 'hide' ? 'delete' : 'create';
              await fediverse.announce(trx, { postId: post.id, userId: post.user_id, change });
            }
            if (body.targetKind === 'comment') {
              await syncMediaVisibility(trx, { commentId: body.targetId });
              // Our person's reply to another server's post: that server forgets it too, and gets it anew.
              const comment = await findCommentWithAudio(trx, body.targetId);
              const reply = comment && { id: comment.id, postId: comment.post_id, userId: comment.user_id };
              if (reply)
                await (body.action === 'hide' ? replies.retract(trx, reply) : replies.announce(trx, reply));
            }
          }, false);
          break;
        case 'remove': {
          if (isUser) throw new BadRequestError('A person is not removed: suspend their account instead.');
          const asModerator = { moderator: true };
          if (body.targetKind === 'post') await posts.delete(moderatorId, body.targetId, asModerator);
          if (body.targetKind === 'comment') await comments.delete(moderatorId, body.targetId, asModerator);
          if (body.targetKind === 'message')
            await conversations.deleteRecording(moderatorId, body.targetId, asModerator);
          await record(async () => {}, true);
          break;
        }
        case 'suspend':
        case 'unsuspend':
          if (!isUser) throw new BadRequestError('Suspend the account of the person who made it.');
          await record(async (trx) => {
            await setSuspended(trx, body.targetId, body.action === 'suspend' ? at : null);
            await syncMediaVisibility(trx, { userId: body.targetId });
            if (body.action === 'suspend')
              await events.publish(trx, { type: 'sessions-ended', userId: body.targetId });
          }, false);
          break;
        case 'resolve':
        case 'dismiss':
          if (!openCase) throw new NotFoundError('Nobody has reported this, or its reports are closed.');
          await record(async () => {}, true);
          break;
      }
      return (await presentLog([{ ...entry, case_id: openCase?.id ?? null }]))[0]!;
    },

    async log(moderator, page) {
      authorize(moderator, 'moderate', MODERATION_QUEUE);
      const rows = await listModerationActions(db, page);
      return { items: await presentLog(rows.items), nextCursor: rows.nextCursor };
    },
  };
}

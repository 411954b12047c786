import { sql, type Insertable } from 'kysely';
import type { Db } from '../database';
import { countToNumber } from '../dialect';
import { byCreation, newestFirstPage, type PageRequest } from '../pagination';
import type { ModerationActionsTable, ReportTargetKind, UserRole } from '../schema';

export type ModeratedTable = 'posts' | 'comments' | 'conversation_messages';

/** Who reports: one of our people, or another server (its host, and the actor that signed its Flag). */
export type Reporter = { userId: string } | { host: string; actor: string };

/**
 * A report: the target's open case is made if there is none; a second report by the same person (or server)
 * updates theirs.
 */
export async function upsertReport(
  db: Db,
  report: {
    id: string;
    caseId: string;
    targetKind: ReportTargetKind;
    targetId: string;
    reporter: Reporter;
    reason: string;
    note: string | null;
    at: string;
  },
): Promise<void> {
  const { reporter } = report;
  const openCase = () =>
    db
      .selectFrom('moderation_cases')
      .select('id')
      .where('target_kind', '=', report.targetKind)
      .where('target_id', '=', report.targetId)
      .where('status', '=', 'open')
      .executeTakeFirst();
  // A report of the same target at the same moment may make the case first: then this one joins it.
  await db
    .insertInto('moderation_cases')
    .values({
      id: report.caseId,
      target_kind: report.targetKind,
      target_id: report.targetId,
      status: 'open',
      last_reported_at: report.at,
      created_at: report.at,
      closed_at: null,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const caseId = (await openCase())!.id;
  const fields = { reason: report.reason, note: report.note, updated_at: report.at };
  const row = { id: report.id, case_id: caseId, ...fields, created_at: report.at };
  const inserted = await (
    'userId' in reporter
      ? db.insertInto('reports').values({ ...row, reporter_id: reporter.userId })
      : db
          .insertInto('remote_reports')
          .values({ ...row, reporter_host: reporter.host, reporter_actor: reporter.actor })
  )
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  const isNew = (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
  if (!isNew) {
    await (
      'userId' in reporter
        ? db
            .updateTable('reports')
            .set(fields)
            .where('case_id', '=', caseId)
            .where('reporter_id', '=', reporter.userId)
        : db
            .updateTable('remote_reports')
            .set({ ...fields, reporter_actor: reporter.actor })
            .where('case_id', '=', caseId)
            .where('reporter_host', '=', reporter.host)
    ).execute();
  }
  await db
    .updateTable('moderation_cases')
    .set((eb) => ({
      last_reported_at: report.at,
      report_count: isNew ? eb('report_count', '+', 1) : eb.ref('report_count'),
    }))
    .where('id', '=', caseId)
    .execute();
}

/** Open cases, most recently reported first. */
export function listOpenCases(db: Db, page: PageRequest) {
  return newestFirstPage(
    db.selectFrom('moderation_cases').selectAll().where('status', '=', 'open'),
    { createdAt: 'last_reported_at', id: 'id' },
    page,
    (row) => ({ createdAt: row.last_reported_at, id: row.id }),
  );
}

export type ModerationCaseRow = Awaited<ReturnType<typeof listOpenCases>>['items'][number];

export function findOpenCase(db: Db, targetKind: ReportTargetKind, targetId: string) {
  return db
    .selectFrom('moderation_cases')
    .selectAll()
    .where('target_kind', '=', targetKind)
    .where('target_id', '=', targetId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

/** How many of some cases' reports gave each reason, ours and other servers' together (read from an index alone). */
export async function reasonCountsOfCases(db: Db, caseIds: string[]) {
  if (caseIds.length === 0) return [];
  const rows = await db
    .selectFrom('reports')
    .select((eb) => ['case_id', 'reason', eb.fn.countAll<number | string>().as('count')])
    .where('case_id', 'in', caseIds)
    .groupBy(['case_id', 'reason'])
    .unionAll(
      db
        .selectFrom('remote_reports')
        .select((eb) => ['case_id', 'reason', eb.fn.countAll<number | string>().as('count')])
        .where('case_id', 'in', caseIds)
        .groupBy(['case_id', 'reason']),
    )
    .execute();
  return rows.map((row) => ({ ...row, count: countToNumber(row.count) }));
}

/** The newest notes of a case's reports by our people, at most `limit`, never who wrote them. */
export function newestNotesOfCase(db: Db, caseId: string, limit: number) {
  return db
    .selectFrom('reports')
    .select('note')
    .where('case_id', '=', caseId)
    .where('note', 'is not', null)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The newest reports of a case by other servers (a Flag each), at most `limit`: the server and its note. */
export function newestServerReportsOfCase(db: Db, caseId: string, limit: number) {
  return db
    .selectFrom('remote_reports')
    .select(['reporter_host', 'note'])
    .where('case_id', '=', caseId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function closeCase(db: Db, caseId: string, at: string): Promise<void> {
  await db
    .updateTable('moderation_cases')
    .set({ status: 'closed', closed_at: at })
    .where('id', '=', caseId)
    .where('status', '=', 'open')
    .execute();
}

export async function insertModerationAction(
  db: Db,
  action: Insertable<ModerationActionsTable>,
): Promise<void> {
  await db.insertInto('moderation_actions').values(action).execute();
}

export function listModerationActions(db: Db, page: PageRequest) {
  return newestFirstPage(
    db.selectFrom('moderation_actions').selectAll(),
    { createdAt: 'created_at', id: 'id' },
    page,
    byCreation,
  );
}

export type ModerationActionRow = Awaited<ReturnType<typeof listModerationActions>>['items'][number];

/** Hides a post, comment or message from everyone but its owner and moderators, or shows it again. */
export async function setHidden(db: Db, table: ModeratedTable, id: string, hiddenAt: string | null) {
  await db
    .updateTable(table)
    .set({
      hidden_at: hiddenAt,
      // Shown again, it stays hidden while its author is suspended.
      is_hidden: hiddenAt
        ? 1
        : sql<number>`case when exists (select 1 from users where users.id = ${sql.ref(`${table}.user_id`)}
            and users.suspended_at is not null) then 1 else 0 end`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Suspends a person (`at`) or lifts it (null): their sessions end, and everything they made is hidden from
 * others, or shown again unless a moderator hid it.
 */
export async function setSuspended(db: Db, userId: string, at: string | null): Promise<void> {
  await db.updateTable('users').set({ suspended_at: at }).where('id', '=', userId).execute();
  for (const table of ['posts', 'comments', 'conversation_messages'] as const) {
    await db
      .updateTable(table)
      .set({ is_hidden: at ? 1 : sql<number>`case when hidden_at is null then 0 else 1 end` })
      .where('user_id', '=', userId)
      .execute();
  }
  if (at) await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Which posts' and comments' media to bring in line with what may now be seen of them. */
export type MediaScope = { postId: string } | { commentId: string } | { userId: string };

/**
 * Media answers as its record does (access/policy.ts `audio`, `image`): the audio and image of a post hidden from
 * others, or on a hidden post, or of a hidden comment, become private, and public again when shown. Run after the
 * rows' `is_hidden` changed, in the same transaction.
 */
export async function syncMediaVisibility(db: Db, scope: MediaScope): Promise<void> {
  const posts = db
    .selectFrom('posts')
    .select(['posts.audio_id', 'posts.image_id'])
    .select(sql<number>`case when posts.is_private = 1 or posts.is_hidden = 1 then 1 else 0 end`.as('hide'));
  const postRows =
    'commentId' in scope
      ? []
      : await (
          'postId' in scope
            ? posts.where('posts.id', '=', scope.postId)
            : posts.where('posts.user_id', '=', scope.userId)
        ).execute();
  let comments = db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select('comments.audio_id')
    .select(
      sql<number>`case when posts.is_private = 1 or posts.is_hidden = 1 or comments.is_hidden = 1
        then 1 else 0 end`.as('hide'),
    );
  if ('commentId' in scope) comments = comments.where('comments.id', '=', scope.commentId);
  else if ('postId' in scope) comments = comments.where('comments.post_id', '=', scope.postId);
  else
    comments = comments.where((eb) =>
      eb.or([eb('comments.user_id', '=', scope.userId), eb('posts.user_id', '=', scope.userId)]),
    );
  const commentRows = await comments.execute();
  const person = 'userId' in scope ? await personMedia(db, scope.userId) : { audio: [], images: [] };
  const audio = [...postRows, ...commentRows, ...person.audio];
  const images = [
    ...postRows.flatMap((row) => (row.image_id ? [{ id: row.image_id, hide: row.hide }] : [])),
    ...person.images,
  ];
  for (const [table, rows] of [
    ['audio_assets', audio.map((row) => ({ id: row.audio_id, hide: row.hide }))],
    ['images', images],
  ] as const) {
    for (const hide of [0, 1]) {
      const ids = rows.filter((row) => Number(row.hide) === hide).map((row) => row.id);
      for (let start = 0; start < ids.length; start += 500) {
        await db
          .updateTable(table)
          .set({ is_private: hide })
          .where('id', 'in', ids.slice(start, start + 500))
          .execute();
      }
    }
  }
}

/** A person's own pictures and voice bio: kept from others while they are suspended, like their profile. */
async function personMedia(db: Db, userId: string) {
  const person = await db
    .selectFrom('users')
    .leftJoin('voice_bios', 'voice_bios.user_id', 'users.id')
    .select([
      'users.profile_image_id',
      'users.background_image_id',
      'users.suspended_at',
      'voice_bios.audio_id',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!person) return { audio: [], images: [] };
  const hide = person.suspended_at === null ? 0 : 1;
  return {
    audio: person.audio_id ? [{ audio_id: person.audio_id, hide }] : [],
    images: [person.profile_image_id, person.background_image_id].flatMap((id) => (id ? [{ id, hide }] : [])),
  };
}

/** Gives or takes the moderator role; the number of accounts changed. */
export async function setRole(db: Db, emails: readonly string[], role: UserRole): Promise<number> {
  if (emails.length === 0) return 0;
  const result = await db
    .updateTable('users')
    .set({ role })
    .where('email', 'in', emails)
    .where('role', '<>', role)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

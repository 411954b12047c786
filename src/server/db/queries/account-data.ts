import { PUSH_DEVICES_MAX } from '@shared/contract/push';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../database';
import type { Database, ReportTargetKind } from '../schema';
import { forUpdate } from '../dialect';

/** What an export or a deletion needs of an audio asset: where its original is, never its peaks. */
const ORIGINAL_COLUMNS = [
  'audio_assets.original_key',
  'audio_assets.original_mime',
  'audio_assets.original_bytes',
  'audio_assets.duration',
] as const;

/** Holds the person's row until the transaction ends: their deletion and their own writes do not interleave. */
export async function lockUser(db: Db, userId: string) {
  return forUpdate(db, db.selectFrom('users').selectAll().where('id', '=', userId)).executeTakeFirst();
}

/** Every post of the person, drafts and private ones included, oldest first, with its original's place. */
export function postsForExport(db: Db, userId: string) {
  return db
    .selectFrom('posts')
    .innerJoin('audio_assets', 'audio_assets.id', 'posts.audio_id')
    .leftJoin('images', 'images.id', 'posts.image_id')
    .select([
      'posts.id',
      'posts.type',
      'posts.is_draft',
      'posts.is_private',
      'posts.title',
      'posts.category',
      'posts.transcription',
      'posts.affiliate_link',
      'posts.affiliate_link_title',
      'posts.chapters_json',
      'posts.allow_visitor_comments',
      'posts.created_at',
      'posts.updated_at',
      'images.storage_key as photo_key',
      'images.mime as photo_mime',
      ...ORIGINAL_COLUMNS,
    ])
    .where('posts.user_id', '=', userId)
    .orderBy('posts.created_at')
    .orderBy('posts.id')
    .execute();
}

/** The advanced editor's takes of the person's drafts. */
export function draftTakesForExport(db: Db, userId: string) {
  return db
    .selectFrom('draft_takes')
    .innerJoin('posts', 'posts.id', 'draft_takes.post_id')
    .innerJoin('audio_assets', 'audio_assets.id', 'draft_takes.audio_id')
    .select(['draft_takes.id', 'draft_takes.post_id', 'draft_takes.created_at', ...ORIGINAL_COLUMNS])
    .where('posts.user_id', '=', userId)
    .orderBy('draft_takes.created_at')
    .orderBy('draft_takes.id')
    .execute();
}

/** Comments the person left, on anyone's posts. */
export function commentsForExport(db: Db, userId: string) {
  return db
    .selectFrom('comments')
    .innerJoin('audio_assets', 'audio_assets.id', 'comments.audio_id')
    .select([
      'comments.id',
      'comments.post_id',
      'comments.transcription',
      'comments.created_at',
      ...ORIGINAL_COLUMNS,
    ])
    .where('comments.user_id', '=', userId)
    .orderBy('comments.created_at')
    .orderBy('comments.id')
    .execute();
}

/** Conversation messages the person sent: never what others sent them. */
export function sentMessagesForExport(db: Db, userId: string) {
  return db
    .selectFrom('conversation_messages')
    .innerJoin('audio_assets', 'audio_assets.id', 'conversation_messages.audio_id')
    .select([
      'conversation_messages.id',
      'conversation_messages.conversation_id',
      'conversation_messages.transcription',
      'conversation_messages.created_at',
      ...ORIGINAL_COLUMNS,
    ])
    .where('conversation_messages.user_id', '=', userId)
    .orderBy('conversation_messages.created_at')
    .orderBy('conversation_messages.id')
    .execute();
}

export function voiceBioForExport(db: Db, userId: string) {
  return db
    .selectFrom('voice_bios')
    .innerJoin('audio_assets', 'audio_assets.id', 'voice_bios.audio_id')
    .select(['voice_bios.created_at', ...ORIGINAL_COLUMNS])
    .where('voice_bios.user_id', '=', userId)
    .executeTakeFirst();
}

export function imagesByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('images').select(['id', 'storage_key', 'mime']).where('id', 'in', ids).execute();
}

/**
 * Every audio asset that goes with the person: theirs (posts, takes, messages, voice bio), the comments they left
 * (a comment's audio is owned by the post's author, so it is found through the comment) and the comments others
 * left on their posts.
 */
export async function audioGoingWith(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('audio_assets')
    .select('id')
    .where('owner_id', '=', userId)
    .union(
      db
        .selectFrom('comments')
        .innerJoin('posts', 'posts.id', 'comments.post_id')
        .select('comments.audio_id as id')
        .where('posts.user_id', '=', userId),
    )
    .union(db.selectFrom('comments').select('audio_id as id').where('user_id', '=', userId))
    .execute();
  return rows.map((row) => row.id);
}

export async function imageKeysOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('images').select('storage_key').where('owner_id', '=', userId).execute();
  return rows.map((row) => row.storage_key);
}

export async function autosaveKeysOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('autosave_chunks')
    .select('storage_key')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.storage_key);
}

/** Engagements of the person with others' posts, which count in those posts' trending scores. */
export async function engagementsWithOthers(db: Db, userId: string) {
  const others = (table: 'post_reactions' | 'reposts' | 'comments') =>
    db
      .selectFrom(table)
      .innerJoin('posts', 'posts.id', `${table}.post_id`)
      .select(['posts.id', 'posts.created_at as post_created_at', `${table}.created_at`])
      .where(`${table}.user_id`, '=', userId)
      .where('posts.user_id', '!=', userId);
  const [likes, reposts, comments] = await Promise.all([
    others('post_reactions').where('post_reactions.kind', '=', 'like').execute(),
    others('reposts').execute(),
    others('comments').execute(),
  ]);
  return { likes, reposts, comments };
}

/** Conversations the person is in, or sent messages to before leaving. */
export async function conversationsTouchedBy(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('conversation_members')
    .select('conversation_id')
    .where('user_id', '=', userId)
    .union(db.selectFrom('conversation_messages').select('conversation_id').where('user_id', '=', userId))
    .execute();
  return rows.map((row) => row.conversation_id);
}

/** Returns the ids of the messages it deleted. */
export async function deleteMessagesOf(db: Db, conversationId: string, userId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('conversation_messages')
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Inside the conversation's lock, after messages went: its count, last message and last activity (which orders
 * everyone's list), and each member's unread count (what others sent after they last read), as the remaining
 * messages make them.
 */
export async function recountConversation(db: Db, conversationId: string): Promise<void> {
  const newest = await db
    .selectFrom('conversation_messages')
    .select(['id', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const { last_activity_at: lastActivity } = await db
    .updateTable('conversations')
    .set((eb) => ({
      message_count: eb
        .selectFrom('conversation_messages')
        .select((count) => count.fn.countAll<number>().as('n'))
        .where('conversation_id', '=', conversationId),
      last_message_id: newest?.id ?? null,
      // Only messages and its creation move it, so with the newest gone it falls back to the one before.
      last_activity_at: newest ? newest.created_at : eb.ref('created_at'),
    }))
    .where('id', '=', conversationId)
    .returning('last_activity_at')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('conversation_members')
    .set((eb) => ({
      last_activity_at: lastActivity,
      unread_count: eb
        .selectFrom('conversation_messages')
        .select((count) => count.fn.countAll<number>().as('n'))
        .where('conversation_messages.conversation_id', '=', conversationId)
        .whereRef('conversation_messages.created_at', '>', 'conversation_members.last_read_at')
        .whereRef('conversation_messages.user_id', '!=', 'conversation_members.user_id'),
    }))
    .where('conversation_id', '=', conversationId)
    .execute();
}

/** The listener salts still kept (today's and yesterday's): a member's listens of those days can still be found. */
export async function keptListenerSalts(db: Db): Promise<string[]> {
  return (await db.selectFrom('listener_salts').select('salt').execute()).map((row) => row.salt);
}

/** `%` and `_` match literally, and the backslash is the escape. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Every row keyed to the person, after their conversations were settled: what cascades from users would go too,
 * but the audio and image rows their posts, comments and messages point at must go after those, so it is all
 * spelled out in order. Then the audio and images themselves.
 */
export async function deleteRowsOf(
  db: Db,
  user: { id: string; email: string },
  audioIds: string[],
  listenerKeys: string[],
): Promise<void> {
  const userId = user.id;
  // Comments, reactions, reposts, listens, notifications, edits and takes of their posts cascade with them.
  await db.deleteFrom('posts').where('user_id', '=', userId).execute();
  await db.deleteFrom('comments').where('user_id', '=', userId).execute();
  await db.deleteFrom('voice_bios').where('user_id', '=', userId).execute();
  await db.deleteFrom('post_reactions').where('user_id', '=', userId).execute();
  await db.deleteFrom('reposts').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('follows')
    .where((eb) => eb.or([eb('follower_id', '=', userId), eb('following_id', '=', userId)]))
    .execute();
  await db
    .deleteFrom('notifications')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('actor_id', '=', userId)]))
    .execute();
  await db.deleteFrom('autosave_chunks').where('user_id', '=', userId).execute();
  await db.deleteFrom('autosave_sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('post_listen_days').where('owner_id', '=', userId).execute();
  // Their own listening rows of the days still linkable; the posts' listen counts stay, as counts of plays.
  if (listenerKeys.length > 0)
    await db.deleteFrom('post_listens').where('listener_key', 'in', listenerKeys).execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await db.deleteFrom('push_preferences').where('user_id', '=', userId).execute();
  // Per-person rate limits are keyed `<limit>:<user id>` (a suffix: read over the table, which holds only the last
  // day's windows); sign-in throttles `login:pair:<address> <e-mail>`.
  await db
    .deleteFrom('rate_limits')
    .where(sql<boolean>`${sql.ref('key')} like ${`%:${likeLiteral(userId)}`} escape '\\'`)
    .execute();
  await db
    .deleteFrom('login_throttles')
    .where(sql<boolean>`${sql.ref('key')} like ${`login:pair:% ${likeLiteral(user.email)}`} escape '\\'`)
    .execute();
  for (let at = 0; at < audioIds.length; at += 500) {
    await db
      .deleteFrom('audio_assets')
      .where('id', 'in', audioIds.slice(at, at + 500))
      .execute();
  }
  await db.deleteFrom('images').where('owner_id', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

/**
 * Inside the deletion, before their content goes: the moderators' records forget the person. Cases about them,
 * their posts, the comments on those and their own comments and messages go (their reports with them), as do the
 * log rows about those; the reports they filed leave their cases (a case left with none goes); the log rows they
 * signed as a moderator stay, unsigned, so what was done to others' content is still on record.
 */
export async function forgetInModeration(db: Db, userId: string): Promise<void> {
  const theirPosts = db.selectFrom('posts').select('id').where('user_id', '=', userId);
  const about = (eb: ExpressionBuilder<Database, 'moderation_cases' | 'moderation_actions'>) => {
    const target = (kind: ReportTargetKind) => eb(sql.ref('target_kind'), '=', kind);
    const id = sql.ref('target_id');
    return eb.or([
      eb.and([target('user'), eb(id, '=', userId)]),
      eb.and([target('post'), eb(id, 'in', theirPosts)]),
      eb.and([
        target('comment'),
        eb(
          id,
          'in',
          db
            .selectFrom('comments')
            .select('id')
            .where((inner) => inner.or([inner('user_id', '=', userId), inner('post_id', 'in', theirPosts)])),
        ),
      ]),
      eb.and([
        target('message'),
        eb(id, 'in', db.selectFrom('conversation_messages').select('id').where('user_id', '=', userId)),
      ]),
    ]);
  };
  await db.deleteFrom('moderation_cases').where(about).execute();
  await db.deleteFrom('moderation_actions').where(about).execute();

  const joined = (
    await db.selectFrom('reports').select('case_id').where('reporter_id', '=', userId).execute()
  ).map((row) => row.case_id);
  await db.deleteFrom('reports').where('reporter_id', '=', userId).execute();
  if (joined.length > 0) {
    await db
      .updateTable('moderation_cases')
      .set((eb) => ({
        // Other servers' reports stay, and count.
        report_count: sql<number>`(${eb
          .selectFrom('reports')
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .whereRef('reports.case_id', '=', 'moderation_cases.id')}) + (${eb
          .selectFrom('remote_reports')
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .whereRef('remote_reports.case_id', '=', 'moderation_cases.id')})`,
      }))
      .where('id', 'in', joined)
      .execute();
    await db.deleteFrom('moderation_cases').where('id', 'in', joined).where('report_count', '=', 0).execute();
  }
  await db
    .updateTable('moderation_actions')
    .set({ moderator_id: null })
    .where('moderator_id', '=', userId)
    .execute();
}

/** The devices the person gets pushes on, by name: never their endpoints or keys (capabilities, not data). */
export function pushDevicesForExport(db: Db, userId: string) {
  return db
    .selectFrom('push_subscriptions')
    .select(['device_name', 'created_at', 'last_delivered_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(PUSH_DEVICES_MAX)
    .execute();
}

import { listDomainBlocks } from '../../src/server/db/queries/domain-blocks';
import { CompiledQuery, Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEAVY_USER_ID,
  ordinaryUserId,
  postId,
  SEED_VOCABULARY,
  seedLists,
  seedWord,
  type ListSeedSize,
} from '../../bench/list-seed';
import type { DatabaseConfig } from '../../src/server/config';
import { migrateToLatest } from '../../src/server/db/database';
import { createDialect } from '../../src/server/db/dialect';
import type { Page } from '../../src/server/db/pagination';
import { listComments } from '../../src/server/db/queries/comments';
import { listMessages, listMyConversations, unreadTotal } from '../../src/server/db/queries/conversations';
import {
  listModerationActions,
  listOpenCases,
  newestNotesOfCase,
  newestServerReportsOfCase,
  reasonCountsOfCases,
} from '../../src/server/db/queries/moderation';
import { listFollowPeople } from '../../src/server/db/queries/follows';
import { listNotifications } from '../../src/server/db/queries/notifications';
import { sentMessagesForExport } from '../../src/server/db/queries/account-data';
import { listPosts } from '../../src/server/db/queries/posts';
import { listUntranscribedPosts } from '../../src/server/db/queries/transcript-times';
import {
  listensByDay,
  listenTotals,
  mostListenedPosts,
  postCategories,
  postTotals,
  type StatsScope,
} from '../../src/server/db/queries/stats';
import { listActiveUsers } from '../../src/server/db/queries/active-users';
import { listTrending } from '../../src/server/db/queries/trending';
import { searchPosts, searchUsers } from '../../src/server/db/queries/search';
import { countListed, listBlockedPeople, listMutedPeople } from '../../src/server/db/queries/safety';
import { listUsers } from '../../src/server/db/queries/users';
import type { Database } from '../../src/server/db/schema';
import { createTestConfig, databaseKind } from './support/test-app';

/**
 * Every list query, compiled by the code that serves it, must read its page in order from an index that leads
 * with its equality columns, every joined row by its key, and stop: no sort of the table, no scan of it.
 * SQLite plans without statistics (the server never runs ANALYZE), so its plan is the same on any amount of data.
 * PostgreSQL plans by statistics, so the schema gets the bench's data (bench/list-seed.ts) at 30,000 posts,
 * analysed: enough that the heaviest person has hundreds of posts and drafts, so walking an index beats sorting
 * the matches as it does at a million, without switching any plan type off. (At 20,000 posts PostgreSQL rightly
 * sorted the last few drafts of page 3 instead.)
 */
const PLAN_SEED: ListSeedSize = {
  users: 1_000,
  posts: 30_000,
  comments: 6_000,
  notifications: 20_000,
  followsPerUser: 10,
  heavyFollowing: 200,
  peaksPerSecond: 0,
};
const PAGE = { limit: 50 };
/** Tables a list reads; other names in a plan are its own subqueries. */
const TABLES = new Set([
  'posts',
  'audio_assets',
  'images',
  'users',
  'comments',
  'notifications',
  'follows',
  'post_listen_days',
  'posts_search',
  'users_search',
  'conversations',
  'conversation_members',
  'conversation_messages',
  'user_blocks',
  'user_mutes',
  'moderation_cases',
  'moderation_actions',
  'reports',
  'remote_reports',
  'listening_positions',
  'domain_blocks',
]);
/**
 * Besides its primary key, what a joined table may be read through: the people hidden from a viewer are read by
 * any index that leads with the viewer (user_blocks_blocked for those who block them).
 */
const JOINED_INDEXES: Record<string, string[]> = {
  user_blocks: ['user_blocks_blocked', 'user_blocks_newest'],
  user_mutes: ['user_mutes_newest'],
  users: ['users_suspended'],
  // A page's posts' listening, looked up by each post: PostgreSQL may take the post's index and check the listener.
  listening_positions: ['listening_positions_post'],
  // Other servers' reports of a page of cases, counted beside ours in the same statement.
  remote_reports: ['remote_reports_case_reason'],
};

const LISTEN_DAY = '2026-11-20';

let db: Kysely<Database>;
let database: DatabaseConfig;
let cleanup: () => Promise<void>;
let lastQuery: CompiledQuery | undefined;
/** Every query since the test last emptied it. */
const ran: CompiledQuery[] = [];

beforeAll(async () => {
  const test = await createTestConfig();
  cleanup = test.cleanup;
  database = test.config.database;
  db = new Kysely<Database>({
    dialect: createDialect(database),
    log: (event) => {
      if (event.level !== 'query') return;
      lastQuery = event.query;
      ran.push(event.query);
    },
  });
  await migrateToLatest(db, database);
  await db.connection().execute((connection) => seedLists(connection, database.kind, PLAN_SEED));
  // A day of listens of every post, for the stats' chart.
  await db
    .insertInto('post_listen_days')
    .columns(['post_id', 'owner_id', 'day', 'listens', 'seconds'])
    .expression((eb) =>
      eb
        .selectFrom('posts')
        .select((select) => [
          'id',
          'user_id',
          select.val(LISTEN_DAY).as('day'),
          select.val(1).as('listens'),
          select.val(1).as('seconds'),
        ]),
    )
    .execute();
  // Where two people stopped in every post.
  for (const userId of [HEAVY_USER_ID, ordinaryUserId(PLAN_SEED)]) {
    await db
      .insertInto('listening_positions')
      .columns(['user_id', 'post_id', 'position_seconds', 'heard', 'updated_at'])
      .expression((eb) =>
        eb
          .selectFrom('posts')
          .select((select) => [
            select.val(userId).as('user_id'),
            'id',
            select.val(3).as('position_seconds'),
            select.val(0).as('heard'),
            select.val(LISTEN_DAY).as('updated_at'),
          ]),
      )
      .execute();
  }
  await seedConversations();
  await seedBlocksAndMutes();
  await seedModeration();
  // This schema's tables only: a bare ANALYZE would take every other schema in the database too.
  if (database.kind === 'postgres')
    await db.executeQuery(CompiledQuery.raw(`analyze ${[...TABLES].join(', ')}`));
}, 120_000);

const CONVERSATIONS = 10_000;
/**
 * The heavy person is in one in this many of them, spread over the whole time range (direct ones and groups
 * alike); conversation 0 holds this many messages, every other one one.
 */
const HEAVY_EVERY = 5;
const LONG_CONVERSATION_MESSAGES = 2_000;
const conversationId = (index: number) => `c${String(index).padStart(9, '0')}`;
const seededUserId = (index: number) => `u${String(index).padStart(9, '0')}`;

/** Conversations of two or three people among the seed's, their messages reusing the posts' audio rows. */
async function seedConversations(): Promise<void> {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1) + minutes * 60_000).toISOString();
  const audio = await db.selectFrom('audio_assets').select('id').limit(LONG_CONVERSATION_MESSAGES).execute();
  const inBatches = async <T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) => {
    for (let start = 0; start < rows.length; start += 500) await insert(rows.slice(start, start + 500));
  };
  const conversations = Array.from({ length: CONVERSATIONS }, (_, index) => ({
    id: conversationId(index),
    type: index % 2 === 0 ? ('group' as const) : ('direct' as const),
    name: index % 2 === 0 ? `Group ${index}` : null,
    direct_key: null,
    message_count: 1,
    last_message_id: `m${index}`,
    created_at: at(index),
    last_activity_at: at(index),
  }));
  await inBatches(conversations, (batch) => db.insertInto('conversations').values(batch).execute());
  const members = conversations.flatMap((conversation, index) =>
    [
      ...(index % HEAVY_EVERY === 0 ? [HEAVY_USER_ID] : []),
      seededUserId(1 + (index % (PLAN_SEED.users - 1))),
      seededUserId(1 + ((index + 1) % (PLAN_SEED.users - 1))),
    ].map((userId) => ({
      conversation_id: conversation.id,
      user_id: userId,
      joined_at: conversation.created_at,
      last_read_at: conversation.created_at,
      last_activity_at: conversation.last_activity_at,
      type: conversation.type,
      unread_count: index % 3,
    })),
  );
  await inBatches(members, (batch) => db.insertInto('conversation_members').values(batch).execute());
  const messages = [
    ...conversations.map((conversation, index) => ({ conversation, index, author: seededUserId(1) })),
    ...Array.from({ length: LONG_CONVERSATION_MESSAGES }, (_, index) => ({
      conversation: conversations[0]!,
      index: CONVERSATIONS + index,
      author: HEAVY_USER_ID,
    })),
  ].map(({ conversation, index, author }) => ({
    id: `m${index}`,
    conversation_id: conversation.id,
    user_id: author,
    audio_id: audio[index % audio.length]!.id,
    transcription: null,
    created_at: at(index),
  }));
  await inBatches(messages, (batch) => db.insertInto('conversation_messages').values(batch).execute());
}

/** Each of the other people blocks and mutes this many, so PostgreSQL reads one person's rows by index. */
const BLOCKS_PER_USER = 20;

/**
 * The heavy person blocks and mutes enough people for three pages of each list, and some block them: every list
 * they see leaves all of these out. Everyone else blocks and mutes a few.
 */
async function seedBlocksAndMutes(): Promise<void> {
  const at = (index: number) => new Date(Date.UTC(2026, 10, 1) + index * 60_000).toISOString();
  const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);
  const others = range(1, PLAN_SEED.users - 1).flatMap((index) =>
    range(1, BLOCKS_PER_USER).map((step) => ({
      from: seededUserId(index),
      to: seededUserId(1 + ((index + step) % (PLAN_SEED.users - 1))),
      created_at: at(index + step),
    })),
  );
  const blocks = [
    ...range(100, 400).map((index) => ({
      from: HEAVY_USER_ID,
      to: seededUserId(index),
      created_at: at(index),
    })),
    ...range(840, 30).map((index) => ({
      from: seededUserId(index),
      to: HEAVY_USER_ID,
      created_at: at(index),
    })),
    ...others,
  ];
  const mutes = [
    ...range(500, 400).map((index) => ({
      from: HEAVY_USER_ID,
      to: seededUserId(index),
      created_at: at(index),
    })),
    ...others,
  ];
  for (let start = 0; start < blocks.length; start += 1_000) {
    const batch = blocks.slice(start, start + 1_000);
    await db
      .insertInto('user_blocks')
      .values(batch.map((row) => ({ blocker_id: row.from, blocked_id: row.to, created_at: row.created_at })))
      .execute();
  }
  for (let start = 0; start < mutes.length; start += 1_000) {
    const batch = mutes.slice(start, start + 1_000);
    await db
      .insertInto('user_mutes')
      .values(batch.map((row) => ({ muter_id: row.from, muted_id: row.to, created_at: row.created_at })))
      .execute();
  }
}

const MODERATION_ROWS = 5_000;

/** Reports' cases (one in four closed) and logged moderation actions, spread over the same time range. */
async function seedModeration(): Promise<void> {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1) + minutes * 60_000).toISOString();
  const rows = Array.from({ length: MODERATION_ROWS }, (_, index) => index);
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    await db
      .insertInto('moderation_cases')
      .values(
        batch.map((index) => ({
          id: `case${index}`,
          target_kind: 'post' as const,
          target_id: postId(index),
          status: index % 4 === 0 ? ('closed' as const) : ('open' as const),
          report_count: 1,
          last_reported_at: at(index),
          created_at: at(index),
          closed_at: null,
        })),
      )
      .execute();
    await db
      .insertInto('moderation_actions')
      .values(
        batch.map((index) => ({
          id: `action${index}`,
          moderator_id: HEAVY_USER_ID,
          action: 'hide',
          target_kind: 'post' as const,
          target_id: postId(index),
          case_id: `case${index}`,
          note: null,
          created_at: at(index),
        })),
      )
      .execute();
    await db
      .insertInto('remote_reports')
      .values(
        batch.flatMap((index) =>
          Array.from({ length: SERVERS_REPORTING_EACH_CASE }, (_, server) => ({
            id: `remote-report${index}-${server}`,
            case_id: `case${index}`,
            reporter_host: `peer${server}.example`,
            reporter_actor: `https://peer${server}.example/actor`,
            reason: 'other',
            note: null,
            created_at: at(index),
            updated_at: at(index),
          })),
        ),
      )
      .execute();
    await db
      .insertInto('domain_blocks')
      .values(
        batch.map((index) => ({
          domain: `spam${index}.example`,
          reason: 'spam',
          created_by: HEAVY_USER_ID,
          created_at: at(index),
        })),
      )
      .execute();
  }
  // Each case reported by a few people, some with a note; and one much-reported case, by everyone.
  const people = (await db.selectFrom('users').select('id').execute()).map(({ id }) => id);
  const reports = Array.from({ length: MODERATION_ROWS * REPORTS_PER_CASE }, (_, index) => {
    const caseIndex = Math.floor(index / REPORTS_PER_CASE);
    return {
      id: `report${index}`,
      case_id: `case${caseIndex}`,
      reporter_id: people[(caseIndex + (index % REPORTS_PER_CASE)) % people.length]!,
      reason: index % 3 === 0 ? 'spam' : 'harassment',
      note: index % 2 === 0 ? `Report ${index}` : null,
      created_at: at(caseIndex),
      updated_at: at(caseIndex),
    };
  });
  const manyReports = people.slice(REPORTS_PER_CASE + 1).map((id, index) => ({
    id: `report-of-many${index}`,
    case_id: MUCH_REPORTED_CASE,
    reporter_id: id,
    reason: 'spam',
    note: `Again ${index}`,
    created_at: at(index),
    updated_at: at(index),
  }));
  const all = [...reports, ...manyReports];
  for (let start = 0; start < all.length; start += 500) {
    await db
      .insertInto('reports')
      .values(all.slice(start, start + 500))
      .execute();
  }
  await db
    .insertInto('remote_reports')
    .values(
      Array.from({ length: 500 }, (_, server) => ({
        id: `remote-report-of-many${server}`,
        case_id: MUCH_REPORTED_CASE,
        reporter_host: `many${server}.example`,
        reporter_actor: `https://many${server}.example/actor`,
        reason: 'spam',
        note: `Seen from here ${server}`,
        created_at: at(server),
        updated_at: at(server),
      })),
    )
    .execute();
}

const REPORTS_PER_CASE = 10;
const SERVERS_REPORTING_EACH_CASE = 5;
/** The case everyone reported. */
const MUCH_REPORTED_CASE = 'case1';

afterAll(async () => {
  await db?.destroy();
  await cleanup?.();
});

/** The SQL and parameters the list function ran for page 1 and for page 3 (after two cursors). */
async function compiledPages(list: (page: typeof PAGE & { cursor?: string }) => Promise<Page<unknown>>) {
  const queries: CompiledQuery[] = [];
  let cursor: string | undefined;
  for (let page = 1; page <= 3; page += 1) {
    const { nextCursor } = await list({ ...PAGE, ...(cursor && { cursor }) });
    if (page === 1 || page === 3) queries.push(lastQuery!);
    if (!nextCursor) throw new Error(`the list ends before page ${page + 1}`);
    cursor = nextCursor;
  }
  return queries;
}

interface PlanStep {
  table: string;
  /** The index read, or undefined for a scan of the table itself. */
  index: string | undefined;
}

/**
 * Whether rows are sorted after they are read rather than read in order: never, only rows fetched by key from a
 * few ids each read in order (a page from two indexes), or rows read from the table.
 */
type Sorting = 'none' | 'keyed rows only' | 'table rows';

interface Plan {
  steps: PlanStep[];
  sorting: Sorting;
}

/** The primary key's index: SQLite names it after the table, PostgreSQL after the constraint. */
const primaryKey = (table: string) =>
  databaseKind === 'postgres' ? `${table}_pkey` : `sqlite_autoindex_${table}_1`;

/** Plan lines that open a subquery of their own: what is read under them is not the outer query's rows. */
const SQLITE_SUBQUERY = /^(CO-ROUTINE|MATERIALIZE|LIST SUBQUERY|SCALAR SUBQUERY|CORRELATED|COMPOUND QUERY)/;

async function sqlitePlan(query: CompiledQuery, table: string): Promise<Plan> {
  const { rows } = await db.executeQuery<{ id: number; parent: number; detail: string }>(
    CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const inSubquery = (row: { parent: number }): boolean => {
    const parent = byId.get(row.parent);
    return parent !== undefined && (SQLITE_SUBQUERY.test(parent.detail) || inSubquery(parent));
  };
  const steps = rows.flatMap((row): Array<PlanStep & { outer: boolean }> => {
    const match = /^(?:SCAN|SEARCH) (\w+)(?: USING (?:COVERING )?INDEX (\w+))?/.exec(row.detail);
    return match && TABLES.has(match[1]!)
      ? [{ table: match[1]!, index: match[2], outer: !inSubquery(row) }]
      : [];
  });
  const sorts = rows.filter((row) => row.detail.includes('USE TEMP B-TREE FOR ORDER BY'));
  // A sort of the outer query whose rows of the table all come by key (ids from a subquery) sorts only those.
  const keyedOnly =
    sorts.every((row) => !inSubquery(row)) &&
    steps.every((step) => !step.outer || step.table !== table || step.index === primaryKey(table));
  return {
    steps: steps.map(({ table: name, index }) => ({ table: name, index })),
    sorting: sorts.length === 0 ? 'none' : keyedOnly ? 'keyed rows only' : 'table rows',
  };
}

interface PgNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PgNode[];
}

async function postgresPlan(query: CompiledQuery, table: string): Promise<Plan> {
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PgNode }> }>(
    CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
  );
  const steps: PlanStep[] = [];
  let sorting: Sorting = 'none';
  /** `bounded`: a Limit lies between this node and the nearest Sort above it, so what it reads is a page at most. */
  const walk = (node: PgNode, underSort: boolean, bounded: boolean) => {
    const relation = node['Relation Name'];
    if (relation) {
      // A bitmap heap scan reads the rows its one bitmap index scan found.
      // (A filter's hashed subplan hangs under it too, but reads another table.)
      const reads = node.Plans?.filter((child) => child['Parent Relationship'] !== 'SubPlan');
      const bitmap = node['Node Type'] === 'Bitmap Heap Scan' && reads?.length === 1 ? reads[0] : undefined;
      const index = node['Index Name'] ?? bitmap?.['Index Name'];
      steps.push({ table: relation, index });
      if (underSort && relation === table && !bounded && index !== primaryKey(table)) {
        sorting = 'table rows';
      }
    }
    const sorts = node['Node Type'].includes('Sort');
    if (sorts && sorting === 'none') sorting = 'keyed rows only';
    for (const child of node.Plans ?? []) {
      walk(
        child,
        underSort || sorts,
        sorts ? false : bounded || (underSort && node['Node Type'] === 'Limit'),
      );
    }
  };
  walk(rows[0]!['QUERY PLAN'][0]!.Plan, false, false);
  return { steps, sorting };
}

const planOf = (query: CompiledQuery, table: string) =>
  databaseKind === 'postgres' ? postgresPlan(query, table) : sqlitePlan(query, table);

interface ListCase {
  name: string;
  list: (page: typeof PAGE & { cursor?: string }) => Promise<Page<unknown>>;
  table: keyof Database;
  /** The indexes the list's own table may be read through. */
  indexes: string[];
  /** Only where the page is the newest of two pages' worth of ids, each read in order: those few are sorted. */
  sortsFewRows?: boolean;
  /**
   * A visitor's filtered list reads the filter's index and skips the person's private rows one by one, so
   * PostgreSQL knows how few they are (a hundred or so here) and may sort them once read; SQLite reads in order.
   */
  fewOnPostgres?: boolean;
  /**
   * This seed's 1,000 people fit in a few pages, which PostgreSQL may rightly scan and hash-join to the few rows
   * a person's list reads (as for people by name in search): only the list's own table is pinned there.
   */
  smallJoinsOnPostgres?: boolean;
}

const cases: ListCase[] = [
  {
    name: 'the feed',
    list: (page) => listPosts(db, { kind: 'public' }, page),
    table: 'posts',
    indexes: ['posts_public_newest'],
  },
  {
    name: 'the feed of someone who blocks and mutes people',
    list: (page) => listPosts(db, { kind: 'public' }, page, HEAVY_USER_ID),
    table: 'posts',
    indexes: ['posts_public_newest'],
  },
  {
    name: 'the published posts without a transcript, for the speech recogniser',
    list: (page) => listUntranscribedPosts(db, page),
    table: 'posts',
    indexes: ['posts_untranscribed_newest'],
  },
  {
    name: "everyone's published posts with the viewer's own",
    list: (page) => listPosts(db, { kind: 'public-or-own', viewerId: HEAVY_USER_ID }, page, HEAVY_USER_ID),
    table: 'posts',
    indexes: ['posts_public_newest', 'posts_user_newest', primaryKey('posts')],
    sortsFewRows: true,
  },
  {
    name: "a prolific person's posts, seen by someone else",
    list: (page) =>
      listPosts(
        db,
        { kind: 'by-user', userId: HEAVY_USER_ID, includePrivate: false },
        page,
        ordinaryUserId(PLAN_SEED),
      ),
    table: 'posts',
    indexes: ['posts_user_published_newest'],
  },
  {
    name: 'own posts, on own profile',
    list: (page) => listPosts(db, { kind: 'by-user', userId: HEAVY_USER_ID, includePrivate: true }, page),
    table: 'posts',
    indexes: ['posts_user_newest'],
  },
  {
    name: "a prolific person's episodes, seen by someone else",
    list: (page) =>
      listPosts(db, { kind: 'by-user', userId: HEAVY_USER_ID, includePrivate: false, type: 'episode' }, page),
    table: 'posts',
    indexes: ['posts_user_type_newest'],
    fewOnPostgres: true,
  },
  {
    name: 'own voice posts, on own profile',
    list: (page) =>
      listPosts(db, { kind: 'by-user', userId: HEAVY_USER_ID, includePrivate: true, type: 'post' }, page),
    table: 'posts',
    indexes: ['posts_user_type_newest'],
  },
  {
    name: "a prolific person's posts of one category, seen by someone else",
    list: (page) =>
      listPosts(
        db,
        { kind: 'by-user', userId: HEAVY_USER_ID, includePrivate: false, category: 'Tech' },
        page,
      ),
    table: 'posts',
    indexes: ['posts_user_category_newest'],
    fewOnPostgres: true,
  },
  {
    name: 'own posts of one category, on own profile',
    list: (page) =>
      listPosts(db, { kind: 'by-user', userId: HEAVY_USER_ID, includePrivate: true, category: 'Tech' }, page),
    table: 'posts',
    indexes: ['posts_user_category_newest'],
  },
  {
    name: 'drafts',
    list: (page) => listPosts(db, { kind: 'drafts-of', userId: HEAVY_USER_ID }, page),
    table: 'posts',
    indexes: ['posts_user_drafts_newest'],
  },
  {
    name: 'comments of a post',
    list: (page) =>
      listComments(db, postId(0), { viewerId: ordinaryUserId(PLAN_SEED), seesHeld: false }, page),
    table: 'comments',
    indexes: ['comments_post_newest'],
  },
  {
    name: 'notifications',
    list: (page) => listNotifications(db, HEAVY_USER_ID, page),
    table: 'notifications',
    indexes: ['notifications_user_newest'],
  },
  {
    name: 'followers',
    list: (page) => listFollowPeople(db, HEAVY_USER_ID, 'followers', page),
    table: 'follows',
    indexes: ['follows_following_newest'],
  },
  {
    name: 'followers, seen by someone who blocks people',
    list: (page) => listFollowPeople(db, HEAVY_USER_ID, 'followers', page, ordinaryUserId(PLAN_SEED)),
    table: 'follows',
    indexes: ['follows_following_newest'],
    fewOnPostgres: true,
    smallJoinsOnPostgres: true,
  },
  {
    name: 'following',
    list: (page) => listFollowPeople(db, HEAVY_USER_ID, 'following', page),
    table: 'follows',
    indexes: ['follows_follower_newest'],
  },
  {
    name: 'following, seen by someone who blocks people',
    list: (page) => listFollowPeople(db, HEAVY_USER_ID, 'following', page, ordinaryUserId(PLAN_SEED)),
    table: 'follows',
    // The primary key leads with the follower too: PostgreSQL may take it and sort the few it finds.
    indexes: ['follows_follower_newest', ...(databaseKind === 'postgres' ? ['follows_pk'] : [])],
    fewOnPostgres: true,
    smallJoinsOnPostgres: true,
  },
  {
    name: 'people',
    list: (page) => listUsers(db, page, HEAVY_USER_ID),
    table: 'users',
    indexes: ['users_created_at_id'],
  },
  {
    name: 'the people I block',
    list: (page) => listBlockedPeople(db, HEAVY_USER_ID, page),
    table: 'user_blocks',
    indexes: ['user_blocks_newest'],
    smallJoinsOnPostgres: true,
  },
  {
    name: 'the people I mute',
    list: (page) => listMutedPeople(db, HEAVY_USER_ID, page),
    table: 'user_mutes',
    indexes: ['user_mutes_newest'],
    smallJoinsOnPostgres: true,
  },
  {
    name: 'conversations, newest activity first',
    list: (page) => listMyConversations(db, HEAVY_USER_ID, page),
    table: 'conversation_members',
    indexes: ['conversation_members_user_activity'],
  },
  {
    name: 'direct conversations, newest activity first',
    list: (page) => listMyConversations(db, HEAVY_USER_ID, page, 'direct'),
    table: 'conversation_members',
    indexes: ['conversation_members_user_type_activity'],
  },
  {
    name: 'messages of a conversation',
    list: (page) => listMessages(db, conversationId(0), HEAVY_USER_ID, page),
    table: 'conversation_messages',
    indexes: ['conversation_messages_newest'],
  },
  {
    name: 'open reports, most recently reported first',
    list: (page) => listOpenCases(db, page),
    table: 'moderation_cases',
    indexes: ['moderation_cases_status_newest'],
  },
  {
    name: 'moderation log',
    list: (page) => listModerationActions(db, page),
    table: 'moderation_actions',
    indexes: ['moderation_actions_newest'],
  },
  {
    name: 'blocked domains, newest first',
    list: (page) => listDomainBlocks(db, page),
    table: 'domain_blocks',
    indexes: ['domain_blocks_newest'],
  },
  {
    name: 'trending posts',
    list: (page) => listTrending(db, page, HEAVY_USER_ID),
    table: 'posts',
    indexes: ['posts_trending'],
  },
];

describe(`query plans of every list on ${databaseKind}`, () => {
  it.each(cases)('$name: read in order from its index, every joined row by its key', async (listCase) => {
    for (const [index, query] of (await compiledPages(listCase.list)).entries()) {
      const plan = await planOf(query, listCase.table);
      const where = `page ${index === 0 ? 1 : 3}: ${query.sql}`;
      const own = plan.steps.filter((step) => step.table === listCase.table);
      expect(own.length, where).toBeGreaterThan(0);
      for (const step of own) expect(listCase.indexes, where).toContain(step.index);
      const joinsPinned = !(listCase.smallJoinsOnPostgres && databaseKind === 'postgres');
      for (const step of plan.steps.filter((each) => joinsPinned && each.table !== listCase.table)) {
        const keys = [primaryKey(step.table), ...(JOINED_INDEXES[step.table] ?? [])];
        expect(keys, `${step.table} in ${where}`).toContain(step.index);
      }
      if (listCase.fewOnPostgres && databaseKind === 'postgres') continue;
      expect(plan.sorting, where).toBe(listCase.sortsFewRows ? 'keyed rows only' : 'none');
    }
  });

  it('finds where the viewer stopped in each post of a page by its key, in the page’s own query', async () => {
    const page = await listPosts(db, { kind: 'public' }, PAGE, HEAVY_USER_ID);
    expect(page.items.filter((post) => post.listening_position_seconds !== null)).toHaveLength(
      page.items.length,
    );
    const plan = await planOf(lastQuery!, 'posts');
    const listening = plan.steps.find((step) => step.table === 'listening_positions');
    expect([primaryKey('listening_positions'), ...JOINED_INDEXES.listening_positions!]).toContain(
      listening?.index,
    );
  });

  it("finds an ordinary person's few posts, seen by someone else, through that person's index", async () => {
    await listPosts(db, { kind: 'by-user', userId: ordinaryUserId(PLAN_SEED), includePrivate: false }, PAGE);
    const plan = await planOf(lastQuery!, 'posts');
    expect(plan.steps.filter((step) => step.table === 'posts')).toEqual([
      { table: 'posts', index: 'posts_user_published_newest' },
    ]);
    // PostgreSQL knows they are few and may sort them once read; SQLite reads them in order.
    if (databaseKind === 'sqlite') expect(plan.sorting).toBe('none');
  });
});

interface AggregateCase {
  name: string;
  run: () => Promise<unknown>;
  table: keyof Database;
  /** The indexes the aggregate's own table may be read through. */
  indexes: string[];
  /** Its few rows are the newest, read in order from the index: nothing is sorted. */
  inOrder?: boolean;
}

/**
 * An ordinary person: for the prolific one's hundreds of rows PostgreSQL rightly hash-joins a scan of the other
 * table at this seed's size, as it would not at a million.
 */
const othersView: StatsScope = { userId: ordinaryUserId(PLAN_SEED), includePrivate: false };
const ownView: StatsScope = { ...othersView, includePrivate: true };
const OWN_POSTS = ['posts_user_published_newest', 'posts_user_drafts_newest', 'posts_user_newest'];

/**
 * The stats page's figures, each read from the index of one person's rows, and Discover's active users, read down
 * their index: never from a scan of the table.
 */
const aggregates: AggregateCase[] = [
  {
    name: 'unread messages over all my conversations',
    run: () => unreadTotal(db, HEAVY_USER_ID),
    table: 'conversation_members',
    // Either of the indexes that begin with the person.
    indexes: ['conversation_members_user_activity', 'conversation_members_user_type_activity'],
  },
  {
    name: 'post totals, seen by someone else',
    run: () => postTotals(db, othersView, '2026-11-01T00:00:00.000Z'),
    table: 'posts',
    indexes: ['posts_user_published_newest'],
  },
  {
    name: 'own post totals',
    run: () => postTotals(db, ownView, '2026-11-01T00:00:00.000Z'),
    table: 'posts',
    indexes: OWN_POSTS,
  },
  {
    name: 'categories, seen by someone else',
    run: () => postCategories(db, othersView, 100),
    table: 'posts',
    // Either one person's published rows, or all their rows grouped as the category index reads them.
    indexes: ['posts_user_published_newest', 'posts_user_category_newest'],
  },
  {
    name: 'own categories',
    run: () => postCategories(db, ownView, 100),
    table: 'posts',
    indexes: [...OWN_POSTS, 'posts_user_category_newest'],
  },
  {
    name: 'listen totals, seen by someone else',
    run: () => listenTotals(db, othersView),
    table: 'posts',
    indexes: ['posts_user_published_newest'],
  },
  { name: 'own listen totals', run: () => listenTotals(db, ownView), table: 'posts', indexes: OWN_POSTS },
  {
    name: 'most listened posts, seen by someone else',
    run: () => mostListenedPosts(db, othersView, 5),
    table: 'posts',
    indexes: ['posts_user_published_newest'],
  },
  {
    name: 'own listens by day',
    run: () => listensByDay(db, ownView, LISTEN_DAY),
    table: 'post_listen_days',
    indexes: ['post_listen_days_owner_day'],
  },
  {
    name: 'active users',
    run: () => listActiveUsers(db, HEAVY_USER_ID, 5),
    table: 'users',
    indexes: ['users_last_active'],
  },
  {
    name: 'listens by day, seen by someone else',
    run: () => listensByDay(db, othersView, LISTEN_DAY),
    table: 'post_listen_days',
    indexes: ['post_listen_days_owner_day'],
  },
  {
    name: 'messages a person sent, for their data export',
    run: () => sentMessagesForExport(db, HEAVY_USER_ID),
    table: 'conversation_messages',
    indexes: ['conversation_messages_user_created'],
  },
  {
    name: 'how many people I block, against the cap',
    run: () => countListed(db, 'blocks', HEAVY_USER_ID, 5_000),
    table: 'user_blocks',
    // Either index that leads with the blocker.
    indexes: [primaryKey('user_blocks'), 'user_blocks_newest'],
  },
  {
    name: 'how many people I mute, against the cap',
    run: () => countListed(db, 'mutes', HEAVY_USER_ID, 5_000),
    table: 'user_mutes',
    indexes: [primaryKey('user_mutes'), 'user_mutes_newest'],
  },
  {
    name: "the reasons of a page of reported cases, ours and other servers'",
    run: () =>
      reasonCountsOfCases(
        db,
        Array.from({ length: PAGE.limit }, (_, index) => `case${index}`),
      ),
    table: 'reports',
    indexes: ['reports_case_reason'],
  },
  {
    name: 'the newest notes of a much-reported case',
    run: () => newestNotesOfCase(db, MUCH_REPORTED_CASE, 10),
    table: 'reports',
    indexes: ['reports_case_newest'],
    inOrder: true,
  },
  {
    name: "the newest other servers' reports of a case",
    run: () => newestServerReportsOfCase(db, MUCH_REPORTED_CASE, 10),
    table: 'remote_reports',
    indexes: ['remote_reports_case_newest'],
    inOrder: true,
  },
  {
    name: 'who mutes a person, as deleting their account cascades',
    run: () => db.selectFrom('user_mutes').select('muter_id').where('muted_id', '=', HEAVY_USER_ID).execute(),
    table: 'user_mutes',
    indexes: ['user_mutes_muted'],
  },
];

describe(`query plans of the stats on ${databaseKind}`, () => {
  it.each(aggregates)('$name: read from its index, every joined row by its key', async (aggregate) => {
    await aggregate.run();
    const plan = await planOf(lastQuery!, aggregate.table);
    const where = lastQuery!.sql;
    const own = plan.steps.filter((step) => step.table === aggregate.table);
    expect(own.length, where).toBeGreaterThan(0);
    for (const step of own) expect(aggregate.indexes, where).toContain(step.index);
    for (const step of plan.steps.filter((each) => each.table !== aggregate.table)) {
      const keys = [primaryKey(step.table), ...(JOINED_INDEXES[step.table] ?? [])];
      expect(keys, `${step.table} in ${where}`).toContain(step.index);
    }
    if (aggregate.inOrder) expect(plan.sorting, where).toBe('none');
  });
});

/** Each search table, and the indexes a search may read it through on PostgreSQL: the words, or the key. */
const SEARCH_INDEXES: Record<string, string[]> = {
  posts_search: ['posts_search_document', 'posts_search_pkey'],
  users_search: ['users_search_document', 'users_search_pkey'],
};

const searches: Array<{ name: string; run: () => Promise<unknown>; sqliteOnly?: boolean }> = [
  { name: 'posts with a common word', run: () => searchPosts(db, HEAVY_USER_ID, [seedWord(0)], PAGE) },
  { name: 'posts with a prefix', run: () => searchPosts(db, undefined, [seedWord(1).slice(0, 3)], PAGE) },
  {
    name: 'posts with a rare word',
    run: () => searchPosts(db, undefined, [seedWord(SEED_VOCABULARY - 1)], PAGE),
  },
  // This seed's 1,000 people fit in a few pages, which PostgreSQL rightly scans whatever the words; only SQLite's
  // plan says something here (PostgreSQL's at 100,000 people: bench/README.md, Search).
  { name: 'people by name', run: () => searchUsers(db, ['ada'], PAGE, HEAVY_USER_ID), sqliteOnly: true },
];

describe(`query plans of search on ${databaseKind}`, () => {
  it.each(searches)('$name: matches from the search index, every row by its key', async (search) => {
    ran.length = 0;
    await search.run();
    // Its own queries, before explaining them adds more.
    const queries = ran.splice(0);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      if (databaseKind === 'sqlite') {
        const { rows } = await db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
        );
        const reads = rows.map((row) => row.detail).filter((detail) => /^(SCAN|SEARCH) /.test(detail));
        // The FTS5 table finds the matches (the newest few: hits); everything else is looked up by its key.
        for (const read of reads) {
          expect(read, query.sql).toMatch(
            /^SCAN (\w+_search VIRTUAL TABLE|hits$)|^SEARCH \w+ USING (INTEGER PRIMARY KEY|(COVERING )?INDEX (sqlite_autoindex_\w+_1|user_blocks_blocked)) /,
          );
        }
      } else {
        // The matches come from the search table's own indexes. Their rows: at this seed's 30,000 posts and 1,000
        // people PostgreSQL rightly hash-joins 1,000 candidates to a scan of the table; at a million it looks each
        // one up by its key (bench/README.md, Search), so only the search table is pinned here.
        if (search.sqliteOnly) continue;
        const plan = await postgresPlan(query, 'posts');
        for (const step of plan.steps.filter((each) => each.table in SEARCH_INDEXES)) {
          expect(SEARCH_INDEXES[step.table], `${step.table} in ${query.sql}`).toContain(step.index);
        }
      }
    }
  });
});

import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Discover's two lists, each one walk down an index that gives its order. Trending: posts.trending_score
 * (queries/trending.ts), after the published columns like posts_public_newest, and computed here for the posts
 * that exist from their likes, reposts, comments and listens. Active users: users.last_active_at, from each
 * person's newest public post, comment, reaction, repost or follow.
 *
 * The two backfills are the SQL of queries/trending.ts `recomputeTrendingScores` and queries/active-users.ts
 * `recomputeLastActive` as of 62169f4 (Active Users moves only for public acts; no exp() underflow on
 * PostgreSQL), frozen here: those live functions may change with the live schema, this migration may not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('trending_score', 'double precision', (column) => column.notNull().defaultTo(0))
    .execute();
  await backfillTrendingScores(db);
  await db.schema
    .createIndex('posts_trending')
    .on('posts')
    .columns(['is_private', 'is_draft', 'trending_score', 'id'])
    .execute();

  await db.schema.alterTable('users').addColumn('last_active_at', 'text').execute();
  await backfillLastActive(db);
  await db.schema.createIndex('users_last_active').on('users').columns(['last_active_at', 'id']).execute();
}

/** ln(weight) of each engagement, τ = 1.5 days, epoch 2026-01-01 (trending-score.ts when this shipped). */
const LN_WEIGHT = { publish: 0, like: Math.log(2), repost: Math.log(3), comment: Math.log(4) } as const;
const DECAY_DAYS = 1.5;
const EPOCH = '2026-01-01T00:00:00.000Z';

function daysSinceEpoch(db: Kysely<unknown>, timestamp: RawBuilder<string>) {
  return isPostgres(db)
    ? sql<number>`(cast(extract(epoch from cast(${timestamp} as timestamptz) - cast(${EPOCH} as timestamptz)) as double precision) / 86400)`
    : sql<number>`(julianday(${timestamp}) - julianday(${EPOCH}))`;
}

/** e^x for x ≤ 0, a gap of more than 700 counting as 0: PostgreSQL's exp() raises an underflow error instead. */
function expOfGap(db: Kysely<unknown>, x: RawBuilder<number>) {
  const floor = sql<number>`-700.0`;
  return isPostgres(db) ? sql<number>`exp(greatest(${x}, ${floor}))` : sql<number>`exp(max(${x}, ${floor}))`;
}

/**
 * Every post's score from what it holds: its publish point, then each like, repost and comment by someone else
 * and each day's counted listens (at noon that day), summed in log space around each post's largest point.
 */
async function backfillTrendingScores(db: Kysely<unknown>): Promise<void> {
  const point = (event: keyof typeof LN_WEIGHT, at: string) =>
    sql<number>`(${sql.lit(LN_WEIGHT[event])} + ${daysSinceEpoch(db, sql.ref(at))} / ${sql.lit(DECAY_DAYS)})`;
  const listenPoint = sql<number>`(ln(cast(listens as double precision)) + ${daysSinceEpoch(
    db,
    sql<string>`day || 'T12:00:00.000Z'`,
  )} / ${sql.lit(DECAY_DAYS)})`;
  const byOthers = (table: 'post_reactions' | 'reposts' | 'comments') =>
    sql`join posts on posts.id = ${sql.table(table)}.post_id
      where ${sql.ref(`${table}.user_id`)} is null or ${sql.ref(`${table}.user_id`)} <> posts.user_id`;
  const points = sql`
    select id as post_id, ${point('publish', 'created_at')} as point from posts
    union all select post_id, ${point('like', 'post_reactions.created_at')} from post_reactions ${byOthers('post_reactions')}
      and post_reactions.kind = 'like'
    union all select post_id, ${point('repost', 'reposts.created_at')} from reposts ${byOthers('reposts')}
    union all select post_id, ${point('comment', 'comments.created_at')} from comments ${byOthers('comments')}
    union all select post_id, ${listenPoint} from post_listen_days where listens > 0`;
  await sql`with points as (${points}),
      peaks as (select post_id, max(point) as peak from points group by post_id),
      scores as (select points.post_id, peaks.peak + ln(sum(${expOfGap(db, sql<number>`points.point - peaks.peak`)})) as score
        from points join peaks on peaks.post_id = points.post_id group by points.post_id, peaks.peak)
    update posts set trending_score = scores.score from scores where scores.post_id = posts.id`.execute(db);
}

/** Everyone's last activity from what their rows say: their newest public post, comment, reaction, repost or follow. */
async function backfillLastActive(db: Kysely<unknown>): Promise<void> {
  const newest = (table: string, column: string) =>
    sql`select max(created_at) as at from ${sql.table(table)} where ${sql.ref(`${table}.${column}`)} = users.id`;
  await sql`update users set last_active_at = (select max(at) from (
      ${newest('posts', 'user_id')} and posts.is_private = 0 and posts.is_draft = 0
      union all ${newest('comments', 'user_id')}
      union all ${newest('post_reactions', 'user_id')}
      union all ${newest('reposts', 'user_id')}
      union all ${newest('follows', 'follower_id')}) as activity)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_last_active').execute();
  await db.schema.alterTable('users').dropColumn('last_active_at').execute();
  await db.schema.dropIndex('posts_trending').execute();
  await db.schema.alterTable('posts').dropColumn('trending_score').execute();
}
